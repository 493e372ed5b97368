package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramMechanism;
import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TlsClientOptions;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.net.tls.TrustMaterial;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * Kafka 4.4.0's clients through {@code kwire proxy} with TLS on either side and SASL passed through or
 * terminated, against the real broker's PLAINTEXT and SASL_SSL listeners: the work gets done, KIP-368
 * re-authentication passes through on the client's own upstream connection, and no secret reaches the
 * proxy's log or its events.
 */
class ProxySecurityTest {
  private static final String PLAIN_SECRET = EmbeddedKafka.SASL_USERS.get("alice");
  private static final String SCRAM_SECRET = EmbeddedKafka.SCRAM_USERS.get("alice");
  private static final Pattern HANDSHAKE = Pattern.compile(
      "\"connection\":\"([^\"]+)\",\"direction\":\"request\",\"api\":\"SaslHandshake\"");

  private final List<String> log = Collections.synchronizedList(new ArrayList<>());
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  private static EmbeddedKafka broker() {
    return EmbeddedKafka.shared();
  }

  private static Path trustStore() {
    return broker().ca().trustStore();
  }

  private ProxyConfig proxy(InetSocketAddress upstream) {
    return ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), upstream).withCheck(true)
        .withLog(log::add).withEvents(events::add);
  }

  private static TlsServerOptions proxyTls() {
    Path keys = broker().ca().keyStore("proxy", List.of("localhost"));
    return TlsServerOptions.builder(KeyMaterial.keyStore(keys, "PKCS12", TestCa.PASSWORD, TestCa.PASSWORD)).build();
  }

  private static TlsClientOptions upstreamTls() {
    return TlsClientOptions.builder(TrustMaterial.trustStore(trustStore(), "PKCS12", TestCa.PASSWORD)).build();
  }

  /** TLS both ways, as docs/proxy.md shows it. */
  private static ProxyConfig tlsBothWays(InetSocketAddress listen, InetSocketAddress broker, Path keys, Path trust,
      String password) {
    ProxyConfig config = ProxyConfig.of(listen, broker)
        .withTls(TlsServerOptions.builder(KeyMaterial.keyStore(keys, "PKCS12", password, password)).build())
        .withUpstreamTls(TlsClientOptions.builder(TrustMaterial.trustStore(trust, "PKCS12", password)).build());
    return config;
  }

  private static Map<String, Object> ssl(Map<String, Object> config) {
    config.put(SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, trustStore().toString());
    config.put(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PKCS12");
    config.put(SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG, TestCa.PASSWORD);
    return config;
  }

  private static Map<String, Object> client(KwireProxy proxy, String protocol, String mechanism, String user,
      String password) {
    Map<String, Object> config = new HashMap<>();
    config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + proxy.localAddress().getPort());
    config.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, protocol);
    if (protocol.contains("SSL")) {
      ssl(config);
    }
    if (mechanism != null) {
      config.put(SaslConfigs.SASL_MECHANISM, mechanism);
      if (mechanism.equals("OAUTHBEARER")) { // an unsecured token: the "password" is the token's subject claim
        config.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule"
            + " required unsecuredLoginStringClaim_sub=\"" + user + "\";");
        return config;
      }
      String module = mechanism.equals("PLAIN") ? "org.apache.kafka.common.security.plain.PlainLoginModule"
          : "org.apache.kafka.common.security.scram.ScramLoginModule";
      config.put(SaslConfigs.SASL_JAAS_CONFIG, module + " required username=\"" + user + "\" password=\""
          + password + "\";");
    }
    return config;
  }

  /** Creates a topic, produces {@code count} records, reads them back: the whole round through the proxy. */
  private static void roundTrip(Map<String, Object> config, int count) throws Exception {
    String topic = "proxy-security-" + System.nanoTime();
    try (Admin admin = Admin.create(config)) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    produce(config, topic, count);
    assertEquals(count, consume(config, topic, count));
  }

  private static void produce(Map<String, Object> config, String topic, int count) throws Exception {
    Map<String, Object> producer = new HashMap<>(config);
    producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    try (KafkaProducer<String, String> p = new KafkaProducer<>(producer)) {
      for (int i = 0; i < count; i++) {
        p.send(new ProducerRecord<>(topic, "k" + i, "v" + i)).get(30, TimeUnit.SECONDS);
      }
    }
  }

  /**
   * Produces a record every 100 ms on one producer until a connection has re-authenticated through the
   * proxy (its second SaslHandshake is in the proxy's log), then 3 more; at most 30 s. How many it produced.
   */
  private int produceUntilReauthenticated(Map<String, Object> config, String topic) throws Exception {
    Map<String, Object> producer = new HashMap<>(config);
    producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    int produced = 0;
    try (KafkaProducer<String, String> p = new KafkaProducer<>(producer)) {
      for (int afterRenewal = -1; afterRenewal < 3; ) {
        p.send(new ProducerRecord<>(topic, "k" + produced, "v" + produced)).get(30, TimeUnit.SECONDS);
        produced++;
        if (afterRenewal >= 0) {
          afterRenewal++;
        } else if (handshakesByConnection().values().stream().anyMatch(n -> n >= 2)) {
          afterRenewal = 0;
        } else {
          assertTrue(System.nanoTime() < deadline, "no re-authentication within 30 s: " + handshakesByConnection());
          Thread.sleep(100); // a session expires with time: there is no event to await before it does
        }
      }
    }
    return produced;
  }

  /** SaslHandshake requests in the proxy's log, by client connection. */
  private Map<String, Integer> handshakesByConnection() {
    Map<String, Integer> handshakes = new HashMap<>();
    synchronized (log) {
      for (String line : log) {
        Matcher m = HANDSHAKE.matcher(line);
        if (m.find()) {
          handshakes.merge(m.group(1), 1, Integer::sum);
        }
      }
    }
    return handshakes;
  }

  private static int consume(Map<String, Object> config, String topic, int count) {
    Map<String, Object> consumer = new HashMap<>(config);
    consumer.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
    int seen = 0;
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(consumer)) {
      c.assign(List.of(new TopicPartition(topic, 0))); // no group: no rebalance to wait for
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (seen < count && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> ignored : c.poll(Duration.ofMillis(200))) {
          seen++;
        }
      }
    }
    return seen;
  }

  private void assertNoSecretLogged(String... secrets) {
    List<String> lines;
    synchronized (log) {
      lines = new ArrayList<>(log);
    }
    lines.addAll(events);
    for (String secret : secrets) {
      for (String line : lines) {
        assertFalse(line.contains(secret), "a secret in the proxy's log: " + line);
      }
    }
  }

  private void assertNoEvents() {
    assertEquals(List.of(), events, "no refused frame, decoding failure, check difference or upstream failure");
  }

  @Test
  void tlsClientsToAPlaintextBroker() throws Exception {
    try (KwireProxy proxy = KwireProxy.start(proxy(broker().address()).withTls(proxyTls()))) {
      roundTrip(client(proxy, "SSL", null, null, null), 5);
      assertNoEvents(); // read before the proxy closes: its own shutdown may close upstreams first
    }
  }

  @Test
  void plaintextSaslPlainClientsPassedThroughToTheBrokersSaslSslListener() throws Exception {
    try (KwireProxy proxy = KwireProxy.start(proxy(broker().saslSslAddress()).withUpstreamTls(upstreamTls()))) {
      roundTrip(client(proxy, "SASL_PLAINTEXT", "PLAIN", "alice", PLAIN_SECRET), 5);
      assertNoEvents(); // read before the proxy closes: its own shutdown may close upstreams first
    }
    assertTrue(log.stream().anyMatch(l -> l.contains("\"api\":\"SaslAuthenticate\"")), "SaslAuthenticate went through");
    assertNoSecretLogged(PLAIN_SECRET);
  }

  @Test
  void scramClientsOverTlsPassedThroughAndReauthenticatedOnTheirOwnUpstream() throws Exception {
    ProxyConfig config0 = tlsBothWays(new InetSocketAddress("127.0.0.1", 0), broker().saslSslAddress(),
        broker().ca().keyStore("proxy-both", List.of("localhost")), trustStore(), TestCa.PASSWORD);
    try (KwireProxy proxy = KwireProxy.start(config0.withCheck(true).withLog(log::add).withEvents(events::add))) {
      Map<String, Object> config = client(proxy, "SASL_SSL", "SCRAM-SHA-512", "alice", SCRAM_SECRET);
      String topic = "proxy-reauth-" + System.nanoTime();
      try (Admin admin = Admin.create(config)) {
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
      }
      // Until the producer's connection has renewed its session (the broker's last SASL_SSL_REAUTH_MS),
      // then a few records more on the renewed session.
      int produced = produceUntilReauthenticated(config, topic);
      assertEquals(produced, consume(config, topic, produced));
      assertNoEvents(); // read before the proxy closes: its own shutdown may close upstreams first
    }
    Map<String, Integer> handshakes = handshakesByConnection();
    System.out.println("SaslHandshake requests by client connection: " + handshakes);
    assertTrue(handshakes.values().stream().anyMatch(n -> n >= 2),
        "a connection re-authenticated through the proxy: " + handshakes);
    assertNoSecretLogged(SCRAM_SECRET);
  }

  @Test
  void oauthbearerClientsPassedThrough() throws Exception {
    try (KwireProxy proxy = KwireProxy.start(proxy(broker().saslSslAddress()).withTls(proxyTls())
        .withUpstreamTls(upstreamTls()))) {
      roundTrip(client(proxy, "SASL_SSL", "OAUTHBEARER", "alice", null), 3);
      assertNoEvents(); // read before the proxy closes: its own shutdown may close upstreams first
    }
    assertTrue(log.stream().anyMatch(l -> l.contains("\"api\":\"SaslAuthenticate\"")), "SaslAuthenticate went through");
    // the token (base64url of {"alg":"none"}) stays out of the log
    assertNoSecretLogged("eyJhbGciOiJub25lIn0");
  }

  @Test
  void terminatedScramClientsWhileTheProxyAuthenticatesWithItsOwnPlainCredentials() throws Exception {
    String clientSecret = "bob-proxy-secret";
    SaslUserStore users = SaslUserStore.builder().scramUser(ScramMechanism.SCRAM_SHA_512, "bob", clientSecret).build();
    ProxyConfig config = proxy(broker().saslSslAddress()).withTls(proxyTls()).withUpstreamTls(upstreamTls())
        .withSasl(SaslServerOptions.of(users, "SCRAM-SHA-512"))
        .withUpstreamSasl(SaslClientOptions.plain("alice", PLAIN_SECRET));
    try (KwireProxy proxy = KwireProxy.start(config)) {
      roundTrip(client(proxy, "SASL_SSL", "SCRAM-SHA-512", "bob", clientSecret), 5);
      // bob is the proxy's user, not the broker's: the broker never sees his exchange
      assertFalse(log.stream().anyMatch(l -> l.contains("\"api\":\"SaslHandshake\"")), "no client SASL forwarded");
      assertNoEvents(); // read before the proxy closes: its own shutdown may close upstreams first
    }
    assertNoSecretLogged(PLAIN_SECRET, clientSecret);
  }
}
