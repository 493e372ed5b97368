package io.kwire.e2e.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real kafka-clients 0.10.2.2 and 0.9.0.1 against Kafka 4.4.0 through {@code kwire bridge} (the
 * Netty proxy in bridge mode, {@link ProxyConfig#withBridge}): they produce with every codec they have, and a 4.4.0 consumer
 * reading the broker directly gets every record in order; they consume a topic a transactional
 * 4.4.0 producer wrote (headers, a committed and an aborted transaction) in a group, see exactly
 * the committed records in order, commit, and a second consumer of the group resumes there.
 * kafka-clients 0.11.0.3 and 2.1.1 do the same as controls, and are not translated at all.
 */
class OldClientsThroughBridgeTest {
  private static EmbeddedKafka kafka;
  private KwireProxy bridge;
  /** The bridge's log: every message, and a line per translation with its notes. */
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void start() {
    kafka = EmbeddedKafka.shared();
  }

  @BeforeEach
  void bridge() throws Exception {
    bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), kafka.address())
        .withBridge(true).withLog(log::add));
  }

  @AfterEach
  void stop() {
    bridge.close();
    System.out.println("kwire bridge translated: " + bridge.stats().translated());
  }

  private String bootstrap() {
    return "127.0.0.1:" + bridge.localAddress().getPort();
  }

  private String translations() {
    synchronized (log) {
      return String.join("\n", log.stream().filter(l -> l.contains("\"direction\":\"bridge\"")).toList());
    }
  }

  /** 0.9 and 0.10 need the bridge; 0.11.0.3 and 2.1.1, controls, negotiate versions 4.4.0 has and pass through. */
  private void assertTranslatedOnlyForOldClients(String version) {
    boolean old = version.startsWith("0.9.") || version.startsWith("0.10.");
    if (old) {
      assertTrue(bridge.stats().translatedTotal() > 0, "kafka-clients " + version + " was not translated");
    } else {
      assertEquals(0, bridge.stats().translatedTotal(), "kafka-clients " + version + " needed translating: "
          + translations());
    }
  }

  private static void createTopic(String topic) throws Exception {
    try (Admin admin = kafka.admin()) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
  }

  private static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.10.2.2", "0.9.0.1", "0.11.0.3", "2.1.1"})
  void anOldProducerWritesThroughTheBridge(String version) throws Exception {
    String topic = "bridged-produce-" + version.replace('.', '-');
    createTopic(topic);
    long start = System.currentTimeMillis();
    List<OldKafkaClient.Rec> sent = new ArrayList<>();
    try (OldKafkaClient client = new OldKafkaClient(version)) {
      long expectedOffset = 0;
      for (String codec : new String[] {"none", "gzip", "snappy", "lz4"}) {
        List<OldKafkaClient.Rec> batch = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          int n = sent.size() + batch.size();
          batch.add(new OldKafkaClient.Rec(-1, 1_600_000_000_000L + n, n % 3 == 0 ? null : utf8(codec + "-k" + n),
              n % 4 == 3 ? null : utf8(codec + "-v" + n)));
        }
        List<Long> offsets = client.produce(bootstrap(), topic, codec, batch);
        for (long offset : offsets) {
          assertEquals(expectedOffset++, offset, "the offsets the old producer was told, " + codec);
        }
        sent.addAll(batch);
      }
    }
    List<ConsumerRecord<byte[], byte[]>> read = readDirectly(topic, sent.size());
    assertEquals(sent.size(), read.size(), "records read directly, offsets " + read.stream()
        .map(ConsumerRecord::offset).toList() + "; the bridge's log:\n" + String.join("\n", log));
    for (int i = 0; i < sent.size(); i++) {
      ConsumerRecord<byte[], byte[]> r = read.get(i);
      assertEquals(i, r.offset());
      assertArrayEquals(sent.get(i).key(), r.key(), "key " + i);
      assertArrayEquals(sent.get(i).value(), r.value(), "value " + i);
      if (version.startsWith("0.9.")) {
        assertTrue(r.timestamp() >= start, "magic 0: the bridge's clock, " + r.timestamp());
      } else {
        assertEquals(sent.get(i).timestamp(), r.timestamp(), "timestamp " + i);
      }
    }
    assertTranslatedOnlyForOldClients(version);
  }

  private static List<ConsumerRecord<byte[], byte[]>> readDirectly(String topic, int count) {
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName()))) {
      TopicPartition tp = new TopicPartition(topic, 0);
      consumer.assign(List.of(tp));
      consumer.seekToBeginning(List.of(tp));
      List<ConsumerRecord<byte[], byte[]>> out = new ArrayList<>();
      long deadline = System.currentTimeMillis() + 30_000; // a loaded 2-core CI machine is slow
      while (out.size() < count && System.currentTimeMillis() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(out::add);
      }
      return out;
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"0.10.2.2", "0.9.0.1", "0.11.0.3", "2.1.1"})
  void anOldConsumerReadsCommittedRecordsInAGroupAndResumes(String version) throws Exception {
    String topic = "bridged-consume-" + version.replace('.', '-');
    createTopic(topic);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bridged-tx-" + version,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
      producer.initTransactions();
      producer.beginTransaction();
      ProducerRecord<String, String> withHeader = new ProducerRecord<>(topic, 0, 1_600_000_000_000L, "k0", "c0");
      withHeader.headers().add("h", utf8("x"));
      producer.send(withHeader);
      producer.send(new ProducerRecord<>(topic, 0, 1_600_000_000_001L, "k1", "c1"));
      producer.commitTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, 0, 1_600_000_000_002L, "k2", "aborted"));
      producer.flush();
      producer.abortTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(topic, 0, 1_600_000_000_003L, "k3", "c3"));
      producer.commitTransaction();
    }
    String group = "bridged-group-" + version;
    try (OldKafkaClient client = new OldKafkaClient(version)) {
      List<OldKafkaClient.Rec> first = client.consumeInGroup(bootstrap(), topic, group, 3, 20_000);
      assertEquals(List.of("c0", "c1", "c3"), values(first), "committed records only, in order");
      assertEquals(List.of(0L, 1L, 5L), first.stream().map(OldKafkaClient.Rec::offset).toList(), "offsets kept");
      if (client.hasTimestamps()) {
        assertEquals(List.of(1_600_000_000_000L, 1_600_000_000_001L, 1_600_000_000_003L),
            first.stream().map(OldKafkaClient.Rec::timestamp).toList());
      }
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
          ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
          ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
          ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()))) {
        producer.send(new ProducerRecord<>(topic, 0, "k7", "after-commit")).get(10, TimeUnit.SECONDS);
      }
      List<OldKafkaClient.Rec> second = client.consumeInGroup(bootstrap(), topic, group, 1, 20_000);
      assertEquals(List.of("after-commit"), values(second), "the second consumer resumes from the committed offset");
    }
    assertTranslatedOnlyForOldClients(version);
  }

  private static List<String> values(List<OldKafkaClient.Rec> records) {
    return records.stream().map(r -> new String(r.value(), StandardCharsets.UTF_8)).toList();
  }
}
