package io.kwire.e2e.capture;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.e2e.bridge.OldKafkaClient;
import io.kwire.e2e.TestCa;
import io.kwire.fake.FakeCluster;
import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Not a test: writes the real captures kwire-capture's tests read (capture/src/test/resources/captures),
 * with tcpdump on the loopback interface while real clients talk to the embedded Kafka 4.4.0 broker
 * and to kwire-fake. Runs only when {@code -Dkwire.capture.out=DIR} is given and tcpdump is installed
 * (it needs the right to capture): {@code tools/capture/record.sh} runs it.
 */
class CaptureRecorderTest {
  private static final String TOPIC = "orders";

  private static Path out() {
    String dir = System.getProperty("kwire.capture.out");
    assumeTrue(dir != null, "set -Dkwire.capture.out=DIR to write the captures");
    return Path.of(dir);
  }

  @Test
  void kafkaClients44AgainstKafka44() throws Exception {
    Path dir = out();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    record(dir.resolve("kafka-clients-4.4.0-vs-kafka-4.4.0.pcap"), kafka.port(),
        () -> producerAndGroup(kafka.bootstrapServers(), "capture-kafka", true));
  }

  @Test
  void kafkaClients44AgainstFake() throws Exception {
    Path dir = out();
    try (FakeCluster fake = FakeCluster.start()) {
      int port = Integer.parseInt(fake.bootstrapServers().replaceFirst(".*:", ""));
      record(dir.resolve("kafka-clients-4.4.0-vs-kwire-fake.pcap"), port,
          () -> producerAndGroup(fake.bootstrapServers(), "capture-fake", true));
    }
  }

  @Test
  void kafkaClients0102AgainstFake() throws Exception {
    Path dir = out();
    try (FakeCluster fake = FakeCluster.start(); OldKafkaClient client = new OldKafkaClient("0.10.2.2")) {
      fake.createTopic("legacy", 1);
      int port = Integer.parseInt(fake.bootstrapServers().replaceFirst(".*:", ""));
      List<OldKafkaClient.Rec> records = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        records.add(new OldKafkaClient.Rec(-1, 1_600_000_000_000L + i, ("k" + i).getBytes(StandardCharsets.UTF_8),
            ("v" + i).getBytes(StandardCharsets.UTF_8)));
      }
      record(dir.resolve("kafka-clients-0.10.2.2-vs-kwire-fake.pcap"), port, () -> {
        client.produce(fake.bootstrapServers(), "legacy", "none", records);
        client.consumeInGroup(fake.bootstrapServers(), "legacy", "legacy-group", 3, 15_000);
      });
    }
  }

  @Test
  void saslPlainAgainstKafka44() throws Exception {
    Path dir = out();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    int port = kafka.saslAddress().getPort();
    record(dir.resolve("sasl-plain-vs-kafka-4.4.0.pcap"), port, () -> {
      Properties props = new Properties();
      props.put("bootstrap.servers", "127.0.0.1:" + port);
      props.put("security.protocol", "SASL_PLAINTEXT");
      props.put("sasl.mechanism", "PLAIN");
      String password = EmbeddedKafka.SASL_USERS.get("alice");
      props.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required "
          + "username=\"alice\" password=\"" + password + "\";");
      props.put("client.id", "capture-sasl");
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
          new StringSerializer())) {
        producer.send(new ProducerRecord<>("sasl-orders", "k", "v")).get();
      }
    });
  }

  @Test
  void oldAndNewClientsThroughTheBridge() throws Exception {
    Path dir = out();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    try (Admin admin = kafka.admin()) {
      admin.createTopics(List.of(new NewTopic("bridged", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    try (KwireProxy bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), kafka.address())
        .withBridge(true)); OldKafkaClient client = new OldKafkaClient("0.10.2.2")) {
      int port = bridge.localAddress().getPort();
      String bootstrap = "127.0.0.1:" + port;
      List<OldKafkaClient.Rec> records = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        records.add(new OldKafkaClient.Rec(-1, 1_600_000_000_000L + i, ("k" + i).getBytes(StandardCharsets.UTF_8),
            ("v" + i).getBytes(StandardCharsets.UTF_8)));
      }
      // only the client side of the bridge: what the clients sent, before any translation
      record(dir.resolve("kafka-clients-0.10.2.2-and-4.4.0-via-bridge.pcap"), "tcp port " + port, () -> {
        client.produce(bootstrap, "bridged", "none", records);
        client.consumeInGroup(bootstrap, "bridged", "bridged-group", 3, 15_000);
        Properties props = new Properties();
        props.put("bootstrap.servers", bootstrap);
        props.put("client.id", "capture-bridge-producer");
        props.put("linger.ms", "0");
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
            new StringSerializer())) {
          producer.send(new ProducerRecord<>("bridged", "k3", "v3")).get();
        }
      });
    }
  }

  @Test
  void aKafka09ClientThroughTheBridge() throws Exception {
    Path dir = out();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    try (Admin admin = kafka.admin()) {
      admin.createTopics(List.of(new NewTopic("bridged-09", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    try (KwireProxy bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), kafka.address())
        .withBridge(true)); OldKafkaClient client = new OldKafkaClient("0.9.0.1")) {
      int port = bridge.localAddress().getPort();
      String bootstrap = "127.0.0.1:" + port;
      List<OldKafkaClient.Rec> records = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        records.add(new OldKafkaClient.Rec(-1, 1_600_000_000_000L + i, ("k" + i).getBytes(StandardCharsets.UTF_8),
            ("v" + i).getBytes(StandardCharsets.UTF_8)));
      }
      // the client side of the bridge only: what the 0.9 client sent, before any translation
      record(dir.resolve("kafka-clients-0.9.0.1-via-bridge.pcap"), "tcp port " + port, () -> {
        client.produce(bootstrap, "bridged-09", "none", records);
        client.consumeInGroup(bootstrap, "bridged-09", "bridged-09-group", 3, 15_000);
      });
    }
  }

  @Test
  void tlsClientThroughTheProxyToAPlaintextBroker() throws Exception {
    Path dir = out();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    Path keys = kafka.ca().keyStore("capture-proxy", List.of("localhost"));
    try (KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), kafka.address())
        .withTls(TlsServerOptions.builder(KeyMaterial.keyStore(keys, "PKCS12", TestCa.PASSWORD, TestCa.PASSWORD))
            .build()))) {
      int port = proxy.localAddress().getPort();
      // the client's TLS connection to the proxy and the proxy's plaintext ones to the broker
      record(dir.resolve("tls-client-via-proxy-and-plaintext-upstream.pcap"),
          "tcp port " + port + " or tcp port " + kafka.port(), () -> {
            Properties props = new Properties();
            props.put("bootstrap.servers", "127.0.0.1:" + port);
            props.put("client.id", "capture-tls-admin");
            props.put("security.protocol", "SSL");
            props.put("ssl.truststore.location", kafka.ca().trustStore().toString());
            props.put("ssl.truststore.type", "PKCS12");
            props.put("ssl.truststore.password", TestCa.PASSWORD);
            try (Admin admin = Admin.create(props)) {
              admin.describeCluster().nodes().get(30, TimeUnit.SECONDS);
            }
          });
    }
  }

  @Test
  void bothSidesOfTheProxy() throws Exception {
    Path dir = out();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    try (Admin admin = kafka.admin()) {
      admin.createTopics(List.of(new NewTopic("proxied", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    try (KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0),
        kafka.address()))) {
      int port = proxy.localAddress().getPort();
      record(dir.resolve("kafka-clients-4.4.0-via-proxy-both-sides.pcap"),
          "tcp port " + port + " or tcp port " + kafka.port(), () -> {
            Properties props = new Properties();
            props.put("bootstrap.servers", "127.0.0.1:" + port);
            props.put("client.id", "capture-proxy-producer");
            props.put("linger.ms", "0");
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
                new StringSerializer())) {
              for (int i = 0; i < 3; i++) {
                producer.send(new ProducerRecord<>("proxied", "k" + i, "v" + i)).get();
              }
            }
          });
    }
  }

  private interface Scenario {
    void run() throws Exception;
  }

  /** Runs the scenario while tcpdump writes {@code file}. */
  private static void record(Path file, int port, Scenario scenario) throws Exception {
    record(file, "tcp port " + port, scenario);
  }

  /** Runs the scenario while tcpdump writes what {@code filter} selects to {@code file}. */
  private static void record(Path file, String filter, Scenario scenario) throws Exception {
    Tcpdump tcpdump = Tcpdump.start(file, filter);
    try {
      scenario.run();
    } finally {
      tcpdump.close();
    }
  }

  /** Creates the topic, produces 3 records, and a group reads them and commits. */
  private static void producerAndGroup(String bootstrap, String clientId, boolean createTopic) throws Exception {
    if (createTopic) {
      try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap, "client.id", clientId + "-admin"))) {
        admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
      }
    }
    Properties producerProps = new Properties();
    producerProps.put("bootstrap.servers", bootstrap);
    producerProps.put("client.id", clientId + "-producer");
    producerProps.put("linger.ms", "0");
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerProps, new StringSerializer(),
        new StringSerializer())) {
      for (int i = 0; i < 3; i++) {
        producer.send(new ProducerRecord<>(TOPIC, "k" + i, "v" + i)).get();
      }
    }
    Properties consumerProps = new Properties();
    consumerProps.put("bootstrap.servers", bootstrap);
    consumerProps.put("client.id", clientId + "-consumer");
    consumerProps.put("group.id", clientId + "-group");
    consumerProps.put("auto.offset.reset", "earliest");
    consumerProps.put("enable.auto.commit", "false");
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerProps, new StringDeserializer(),
        new StringDeserializer())) {
      consumer.subscribe(List.of(TOPIC));
      int seen = 0;
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (seen < 3 && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
          seen += record.value() == null ? 0 : 1;
        }
      }
      consumer.commitSync();
    }
  }

  /** tcpdump on the loopback interface for one port, written packet by packet; closing stops it (SIGTERM). */
  private static final class Tcpdump {
    private final Process process;
    private final Path file;

    private Tcpdump(Process process, Path file) {
      this.process = process;
      this.file = file;
    }

    static Tcpdump start(Path file, String filter) throws IOException {
      Files.createDirectories(file.getParent());
      Process process = new ProcessBuilder("tcpdump", "-i", "lo", "--immediate-mode", "-U", "-s", "0", "-w", file.toString(),
          filter).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
      for (String line = err.readLine(); ; line = err.readLine()) {
        if (line == null) {
          throw new IOException("tcpdump ended before it listened (exit " + waitFor(process) + ")");
        }
        if (line.contains("listening on")) {
          break;
        }
      }
      return new Tcpdump(process, file);
    }

    private static int waitFor(Process process) {
      try {
        return process.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return -1;
      }
    }

    /** Stops tcpdump once the file has stopped growing (the last packets written), within 5 s. */
    void close() throws IOException, InterruptedException {
      long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
      long size = -1;
      while (System.nanoTime() < deadline && Files.size(file) != size) {
        size = Files.size(file);
        Thread.sleep(300); // a recording tool, not a test: no event says that tcpdump has written everything
      }
      process.destroy();
      waitFor(process);
    }
  }
}
