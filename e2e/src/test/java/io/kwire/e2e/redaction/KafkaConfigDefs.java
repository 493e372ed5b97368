package io.kwire.e2e.redaction;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.coordinator.group.GroupConfig;
import org.apache.kafka.server.config.AbstractKafkaConfig;
import org.apache.kafka.server.config.DynamicConfig;
import org.apache.kafka.server.metrics.ClientMetricsConfigs;
import org.apache.kafka.storage.internals.log.LogConfig;

/** Kafka 4.4.0's config definitions: what kwire's list of loggable configs is made from. */
final class KafkaConfigDefs {
  private KafkaConfigDefs() {}

  /** The configs a broker takes from clients (AlterConfigs, CreateTopics, DescribeConfigs), by where they are defined. */
  static Map<String, Map<String, ConfigDef.ConfigKey>> resourceConfigs() {
    Map<String, Map<String, ConfigDef.ConfigKey>> defs = new TreeMap<>();
    defs.put("broker", AbstractKafkaConfig.CONFIG_DEF.configKeys());
    defs.put("dynamic broker", DynamicConfig.Broker.configKeys());
    defs.put("topic", LogConfig.configKeys());
    defs.put("group", GroupConfig.CONFIG_DEF.configKeys());
    defs.put("client metrics", ClientMetricsConfigs.configDef().configKeys());
    return defs;
  }

  /** The clients' definitions, which hold the client side of SSL and SASL. */
  static List<ConfigDef> clientConfigs() {
    return List.of(ProducerConfig.configDef(), ConsumerConfig.configDef(), AdminClientConfig.configDef());
  }

  /** Known configs of no PASSWORD type in any definition that has them, sorted. */
  static TreeSet<String> loggable() {
    TreeSet<String> known = new TreeSet<>();
    for (Map<String, ConfigDef.ConfigKey> def : resourceConfigs().values()) {
      known.addAll(def.keySet());
    }
    known.removeAll(passwords());
    return known;
  }

  /** Every config of type PASSWORD, in the broker's, topics', groups', client metrics' and the clients' definitions. */
  static TreeSet<String> passwords() {
    TreeSet<String> passwords = new TreeSet<>();
    for (Map<String, ConfigDef.ConfigKey> def : resourceConfigs().values()) {
      def.values().stream().filter(k -> k.type == ConfigDef.Type.PASSWORD).forEach(k -> passwords.add(k.name));
    }
    for (ConfigDef def : clientConfigs()) {
      def.configKeys().values().stream().filter(k -> k.type == ConfigDef.Type.PASSWORD).forEach(k -> passwords.add(k.name));
    }
    return passwords;
  }
}
