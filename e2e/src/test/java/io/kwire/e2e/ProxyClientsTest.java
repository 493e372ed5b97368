package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.ProxyStats;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Kafka's own clients do their normal work through {@code kwire proxy} against a real broker, with
 * check mode on: every frame both ways is decoded by kwire, re-encoded, compared with the original
 * bytes, and the re-encoded bytes are what the other side receives.
 */
class ProxyClientsTest {
  private static final List<String> CODECS = List.of("gzip", "snappy", "lz4", "zstd");

  @Test
  void adminProducerAndConsumerWorkThroughTheProxyAndEveryFrameReencodesExactly() throws Exception {
    EmbeddedKafka broker = EmbeddedKafka.shared();
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    AtomicLong logLines = new AtomicLong();
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withCheck(true)
        .withLog(line -> logLines.incrementAndGet())
        .withEvents(events::add);
    try (KwireProxy proxy = KwireProxy.start(config)) {
      String bootstrap = "127.0.0.1:" + proxy.localAddress().getPort();
      String topic = "proxy-" + System.nanoTime();
      admin(bootstrap, topic);
      int produced = produce(bootstrap, topic);
      int consumed = consume(bootstrap, topic);
      assertEquals(produced, consumed, "read_committed sees every record but the aborted ones");

      ProxyStats stats = proxy.stats();
      System.out.println("kwire proxy frames by API:\n" + stats.summary());
      assertEquals(List.of(), events, "no check difference, decoding failure or refused frame");
      assertEquals(0, stats.differences());
      assertEquals(0, stats.decodeFailures());
      assertEquals(Map.of(), stats.raw(), "every API the clients used is one kwire decodes");
      // The log is written by a thread of its own: its lines may still be on their way.
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (logLines.get() < stats.recodedTotal() && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertEquals(stats.recodedTotal(), logLines.get(), "one log line per message");
      for (String api : List.of("Metadata", "CreateTopics", "DescribeConfigs", "IncrementalAlterConfigs",
          "InitProducerId", "Produce", "EndTxn", "FindCoordinator", "Fetch", "OffsetCommit")) {
        assertTrue(stats.recoded().getOrDefault("request " + api, 0L) > 0, api + " went through the proxy");
        assertTrue(stats.recoded().getOrDefault("response " + api, 0L) > 0, api + " came back through the proxy");
      }
    }
  }

  private static void admin(String bootstrap, String topic) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
      var description = Described.topic(admin, topic);
      assertEquals(2, description.partitions().size());
      // The broker's address as the client sees it is the proxy's.
      assertEquals(Integer.parseInt(bootstrap.substring(bootstrap.indexOf(':') + 1)),
          description.partitions().get(0).leader().port());
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      admin.incrementalAlterConfigs(Map.of(resource, List.of(new AlterConfigOp(
          new ConfigEntry("retention.ms", "3600000"), AlterConfigOp.OpType.SET)))).all().get(30, TimeUnit.SECONDS);
      var configs = admin.describeConfigs(List.of(resource)).all().get(30, TimeUnit.SECONDS).get(resource);
      assertEquals("3600000", configs.get("retention.ms").value());
      assertEquals(1, admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).size());
    }
  }

  /** Idempotent producers, one per compression codec, and a transactional one that commits and aborts. */
  private static int produce(String bootstrap, String topic) throws Exception {
    int committed = 0;
    for (String codec : CODECS) {
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(bootstrap, codec, null))) {
        for (int i = 0; i < 20; i++) {
          producer.send(new ProducerRecord<>(topic, i % 2, "k" + i, codec + " value " + i));
        }
        producer.flush();
        committed += 20;
      }
    }
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(bootstrap, "zstd", "proxy-txn"))) {
      producer.initTransactions();
      producer.beginTransaction();
      for (int i = 0; i < 10; i++) {
        producer.send(new ProducerRecord<>(topic, i % 2, "t" + i, "committed " + i));
      }
      producer.commitTransaction();
      committed += 10;
      producer.beginTransaction();
      for (int i = 0; i < 10; i++) {
        producer.send(new ProducerRecord<>(topic, i % 2, "a" + i, "aborted " + i));
      }
      producer.flush();
      producer.abortTransaction();
    }
    return committed;
  }

  private static Map<String, Object> producerConfig(String bootstrap, String compression, String transactionalId) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    config.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, compression);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    if (transactionalId != null) {
      config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    }
    return config;
  }

  /** A group member that subscribes, reads committed records until it has them all, and commits. */
  private static int consume(String bootstrap, String topic) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ConsumerConfig.GROUP_ID_CONFIG, "proxy-group-" + topic);
    config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    int count = 0;
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
      consumer.subscribe(Set.of(topic));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      // All 90 committed records; polling a little longer would show the aborted ones if they leaked.
      while (count < 90 && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
          assertTrue(!record.value().startsWith("aborted"), "an aborted record was delivered: " + record.value());
          count++;
        }
        consumer.commitSync();
      }
      Collection<?> assigned = consumer.assignment();
      assertEquals(2, assigned.size());
    }
    return count;
  }

  /** With the broker's ApiVersions cut down to kwire's versions, Kafka's clients still negotiate and work. */
  @Test
  void clientsWorkWithCappedVersions() throws Exception {
    EmbeddedKafka broker = EmbeddedKafka.shared();
    List<String> events = Collections.synchronizedList(new ArrayList<>());
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withCapVersions(true).withCheck(true).withEvents(events::add);
    try (KwireProxy proxy = KwireProxy.start(config);
        Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
            "127.0.0.1:" + proxy.localAddress().getPort()))) {
      String topic = "capped-" + System.nanoTime();
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
      // Created is committed by the controller; the broker's metadata cache lists it a moment later.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (!admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(topic) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertTrue(admin.listTopics().names().get(30, TimeUnit.SECONDS).contains(topic));
      ProxyStats stats = proxy.stats();
      assertEquals(List.of(), events);
      assertEquals(Map.of(), stats.raw());
      assertTrue(stats.recoded().getOrDefault("response ApiVersions", 0L) > 0);
    }
  }
}
