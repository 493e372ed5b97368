package io.kwire.fake.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import io.kwire.net.tls.TestPki;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramMechanism;
import io.kwire.net.tls.TlsServerOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** kafka-clients 4.4.0 against a fake cluster over SASL_SSL (SCRAM-SHA-256) and SASL_PLAINTEXT (PLAIN). */
class SecureClusterTest {
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .plainUser("alice", "alice-secret")
      .scramUser(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret")
      .build();

  @TempDir
  static Path dir;
  private static TlsServerOptions tls;

  @BeforeAll
  static void makeCertificates() throws Exception {
    TestPki pki = new TestPki("CN=kwire fake test CA,O=kwire test");
    TestPki.Issued server = pki.server("CN=localhost,O=kwire test", List.of("localhost"), List.of("127.0.0.1"));
    pki.trustStore(dir, "ca", "PKCS12");
    tls = TlsServerOptions.builder(server.pem(dir, "server")).build();
  }

  @Test
  void saslSslWithScramSha256ProducesAndConsumes() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(2).tls(tls)
        .sasl(SaslServerOptions.of(USERS, "SCRAM-SHA-256")).topic("secret", 2, 2).start()) {
      Properties security = security("SASL_SSL", "SCRAM-SHA-256", "alice-secret");
      assertEquals(List.of("v0", "v1", "v2", "v3"), roundTrip(kafka, security));
    }
  }

  @Test
  void saslPlaintextWithPlainProducesAndConsumes() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().sasl(SaslServerOptions.of(USERS, "PLAIN")).topic("secret", 2, 1)
        .start()) {
      assertEquals(List.of("v0", "v1", "v2", "v3"), roundTrip(kafka, security("SASL_PLAINTEXT", "PLAIN", "alice-secret")));
    }
  }

  @Test
  void aWrongPasswordIsKafkasAuthenticationFailure() {
    try (FakeCluster kafka = FakeCluster.builder().sasl(SaslServerOptions.of(USERS, "PLAIN")).start()) {
      Properties config = security("SASL_PLAINTEXT", "PLAIN", "wrong");
      config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
      config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
      config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8_000);
      try (Admin admin = Admin.create(config)) {
        ExecutionException e = assertThrows(ExecutionException.class,
            () -> admin.describeCluster().clusterId().get(10, TimeUnit.SECONDS));
        assertInstanceOf(SaslAuthenticationException.class, e.getCause());
        assertEquals("Authentication failed: Invalid username or password", e.getCause().getMessage());
      }
    }
  }

  private static Properties security(String protocol, String mechanism, String password) {
    Properties p = new Properties();
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, protocol);
    if (protocol.equals("SASL_SSL")) {
      p.put(SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, dir.resolve("ca-trust.pkcs12").toString());
      p.put(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PKCS12");
      p.put(SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG, TestPki.PASSWORD);
    }
    String module = mechanism.equals("PLAIN") ? "org.apache.kafka.common.security.plain.PlainLoginModule"
        : "org.apache.kafka.common.security.scram.ScramLoginModule";
    p.put(SaslConfigs.SASL_MECHANISM, mechanism);
    p.put(SaslConfigs.SASL_JAAS_CONFIG, module + " required username=\"alice\" password=\"" + password + "\";");
    p.put(CommonClientConfigs.ENABLE_METRICS_PUSH_CONFIG, false);
    return p;
  }

  /** Four records produced (idempotent, acks=all) and read back by a consumer; their values. */
  private static List<String> roundTrip(FakeCluster kafka, Properties security) throws Exception {
    Properties producer = new Properties();
    producer.putAll(security);
    producer.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    producer.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 8_000);
    producer.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 10_000);
    producer.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
    producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
    try (KafkaProducer<String, String> p = new KafkaProducer<>(producer)) {
      for (int i = 0; i < 4; i++) {
        p.send(new ProducerRecord<>("secret", i % 2, "k", "v" + i)).get();
      }
    }
    Properties consumer = new Properties();
    consumer.putAll(security);
    consumer.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
    consumer.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    consumer.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 100);
    consumer.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 8_000);
    consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
    List<String> values = new ArrayList<>();
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(consumer)) {
      c.assign(List.of(new TopicPartition("secret", 0), new TopicPartition("secret", 1)));
      long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while (values.size() < 4 && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
          values.add(r.value());
        }
      }
    }
    values.sort(null);
    return values;
  }
}
