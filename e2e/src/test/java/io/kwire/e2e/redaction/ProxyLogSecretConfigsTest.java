package io.kwire.e2e.redaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.messages.AlterConfigsRequest;
import io.kwire.messages.AlterConfigsRequestCodec;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.AlterConfigsOptions;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;

/**
 * A hostile client's check of the proxy's log: every PASSWORD config of Kafka 4.4.0 (as it is, and as
 * a per-listener override), and names Kafka does not know (a plugin's token, case variants), set
 * through {@code kwire proxy --log} in front of a real broker with CreateTopics, IncrementalAlterConfigs
 * (Kafka's Admin client) and AlterConfigs (a raw frame: the Admin client no longer sends it). No value
 * may reach the log.
 */
class ProxyLogSecretConfigsTest {
  /** Names no Kafka definition has: a plugin's secrets, and PASSWORD names spelled another way. */
  private static final List<String> UNKNOWN = List.of("custom.plugin.api.token", "my.connector.credentials.json",
      "vault.auth.token", "plugin.oauth.bearer", "SSL.KEY.PASSWORD", "Ssl.Keystore.Password", "ssl.key.password ",
      "sasl.jaas.config.", "retention.ms.secret", "listener.name.external");

  static List<String> secretNames() {
    List<String> names = new ArrayList<>();
    for (String password : KafkaConfigDefs.passwords()) {
      names.add(password);
      names.add("listener.name.external." + password);
      names.add("listener.name.sasl_ssl.scram-sha-512." + password);
    }
    names.addAll(UNKNOWN);
    return names;
  }

  @Test
  void noSecretConfigValueReachesTheLog() throws Exception {
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), EmbeddedKafka.shared().address())
        .withLog(log::add).withEvents(line -> { });
    List<String> names = secretNames();
    Map<String, String> sent = new LinkedHashMap<>();
    try (KwireProxy proxy = KwireProxy.start(config)) {
      String bootstrap = "127.0.0.1:" + proxy.localAddress().getPort();
      try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
        Map<String, String> topicConfigs = values("create-topics", names, sent);
        refused(admin.createTopics(List.of(new NewTopic("secrets", 1, (short) 1).configs(topicConfigs)),
            new CreateTopicsOptions().validateOnly(true)).all());
        for (ConfigResource resource : List.of(new ConfigResource(ConfigResource.Type.BROKER, ""),
            new ConfigResource(ConfigResource.Type.TOPIC, "secrets"))) {
          Collection<AlterConfigOp> ops = new ArrayList<>();
          values("incremental-" + resource.type(), names, sent).forEach((name, value) ->
              ops.add(new AlterConfigOp(new ConfigEntry(name, value), AlterConfigOp.OpType.SET)));
          refused(admin.incrementalAlterConfigs(Map.of(resource, ops), new AlterConfigsOptions().validateOnly(true)).all());
        }
      }
      alterConfigs(proxy.localAddress().getPort(), values("alter", names, sent));
    }
    assertTrue(log.size() >= 8, log.size() + " lines: " + log);
    List<String> leaked = new ArrayList<>();
    sent.forEach((value, name) -> {
      if (log.stream().anyMatch(line -> line.contains(value))) {
        leaked.add(name + "=" + value);
      }
    });
    assertEquals(List.of(), leaked, leaked.size() + " of " + sent.size() + " secret values reached the log");
    assertTrue(String.join("\n", log).contains("\"name\":\"custom.plugin.api.token\",\"value\":\"<redacted>\""), log.get(0));
  }

  /** A value per name, unique to this request, remembered in {@code sent} (value to name). */
  private static Map<String, String> values(String request, List<String> names, Map<String, String> sent) {
    Map<String, String> configs = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      String value = "leak-" + request + "-" + i + "-7d3f";
      configs.put(names.get(i), value);
      sent.put(value, request + " " + names.get(i));
    }
    return configs;
  }

  /** The broker refuses these configs; what matters is that the request went through the proxy. */
  private static void refused(org.apache.kafka.common.KafkaFuture<Void> result) throws Exception {
    try {
      result.get(30, TimeUnit.SECONDS);
    } catch (ExecutionException expected) {
      // InvalidConfigurationException, InvalidRequestException...
    }
  }

  private static void alterConfigs(int port, Map<String, String> configs) throws Exception {
    List<AlterConfigsRequest.AlterableConfig> entries = new ArrayList<>();
    configs.forEach((name, value) -> entries.add(new AlterConfigsRequest.AlterableConfig(name, value,
        UnknownTaggedFields.EMPTY)));
    AlterConfigsRequest request = new AlterConfigsRequest(List.of(new AlterConfigsRequest.AlterConfigsResource(
        (byte) 2, "secrets", entries, UnknownTaggedFields.EMPTY)), true, UnknownTaggedFields.EMPTY);
    try (Socket client = new Socket(InetAddress.getLoopbackAddress(), port)) {
      client.getOutputStream().write(Frames.encodeRequest(new RequestHeader((short) 33, (short) 2, 1, "hostile"),
          AlterConfigsRequestCodec.INSTANCE, request));
      assertEquals(1, Frames.peekResponse(Frames.readFrame(client.getInputStream(), DecodeOptions.STRICT))
          .correlationId());
    }
  }
}
