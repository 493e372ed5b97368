package io.kwire.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.network.ListenerName;

/**
 * A real Kafka 4.4.0 broker in this JVM: KRaft combined mode (broker and controller in one
 * node), PLAINTEXT, SASL_PLAINTEXT (PLAIN, users {@link #SASL_USERS}), SASL_SSL (PLAIN,
 * SCRAM-SHA-512 and OAUTHBEARER with unsecured tokens, users {@link #SASL_USERS} and {@link #SCRAM_USERS}, a certificate of {@link #ca()},
 * sessions of {@link #SASL_SSL_REAUTH_MS}) and CONTROLLER listeners on 127.0.0.1, every replication
 * factor 1. One broker
 * serves all the test classes of a test JVM ({@link #shared()}; surefire runs e2e's classes in a few
 * JVMs side by side: kwire.testForks); it starts in about 5 s and is shut down when the JVM exits.
 */
public final class EmbeddedKafka implements AutoCloseable {

  /** The SASL/PLAIN users of the SASL_PLAINTEXT listener, name to password. */
  public static final Map<String, String> SASL_USERS = Map.of("alice", "alice-secret");

  /** The SCRAM-SHA-512 users of the SASL_SSL listener, name to password (created through the Admin API). */
  public static final Map<String, String> SCRAM_USERS = Map.of("alice", "alice-scram-secret");

  /** The SASL_SSL listener's {@code connections.max.reauth.ms}: short, so that KIP-368 re-authentication shows. */
  public static final long SASL_SSL_REAUTH_MS = 3_000;

  private static EmbeddedKafka shared;

  private final Path logDir;
  private final KafkaRaftServer server;
  private final int port;
  private final int saslPort;
  private final int saslSslPort;
  private final TestCa ca;

  private EmbeddedKafka() throws IOException {
    this.logDir = Files.createTempDirectory("kwire-e2e-kafka");
    // The broker listens on port 0 and reports the port it bound (and advertises it). The controller
    // cannot: its address is in controller.quorum.bootstrap.servers, which the broker side of this node
    // reads before anything is bound, so its port is picked in advance (a small race with other
    // processes, on the controller's port only).
    int controllerPort = KafkaRaftServers.freePort();
    Path tlsDir = Files.createDirectories(logDir.resolveSibling(logDir.getFileName() + "-tls"));
    this.ca = new TestCa(tlsDir);
    Path brokerKeys = ca.keyStore("broker", List.of("localhost"));
    Properties props = new Properties();
    props.putAll(Map.ofEntries(
        Map.entry("process.roles", "broker,controller"),
        Map.entry("node.id", "1"),
        Map.entry("controller.quorum.bootstrap.servers", "127.0.0.1:" + controllerPort),
        Map.entry("listeners", "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0,SASL_SSL://127.0.0.1:0,"
            + "CONTROLLER://127.0.0.1:" + controllerPort),
        Map.entry("controller.listener.names", "CONTROLLER"),
        Map.entry("inter.broker.listener.name", "PLAINTEXT"),
        Map.entry("listener.security.protocol.map",
            "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,SASL_SSL:SASL_SSL,CONTROLLER:PLAINTEXT"),
        // SASL/PLAIN on its own listener, for kwire-net's SASL client (io.kwire.e2e.net.NetSaslE2ETest).
        Map.entry("listener.name.sasl_plaintext.sasl.enabled.mechanisms", "PLAIN"),
        Map.entry("listener.name.sasl_plaintext.plain.sasl.jaas.config", plainJaasConfig()),
        // SASL_SSL for the proxy's TLS and SASL (io.kwire.e2e.ProxySecurityTest): the test CA's certificate,
        // PLAIN and SCRAM-SHA-512, sessions that expire quickly (KIP-368).
        Map.entry("listener.name.sasl_ssl.ssl.keystore.type", "PKCS12"),
        Map.entry("listener.name.sasl_ssl.ssl.keystore.location", brokerKeys.toString()),
        Map.entry("listener.name.sasl_ssl.ssl.keystore.password", TestCa.PASSWORD),
        Map.entry("listener.name.sasl_ssl.ssl.key.password", TestCa.PASSWORD),
        Map.entry("listener.name.sasl_ssl.sasl.enabled.mechanisms", "PLAIN,SCRAM-SHA-512,OAUTHBEARER"),
        // OAUTHBEARER with Kafka's unsecured JWS validator (no token endpoint): any signed-none token passes
        Map.entry("listener.name.sasl_ssl.oauthbearer.sasl.jaas.config",
            "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;"),
        Map.entry("listener.name.sasl_ssl.plain.sasl.jaas.config", plainJaasConfig()),
        Map.entry("listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config",
            "org.apache.kafka.common.security.scram.ScramLoginModule required;"),
        Map.entry("listener.name.sasl_ssl.plain.connections.max.reauth.ms", String.valueOf(SASL_SSL_REAUTH_MS)),
        Map.entry("listener.name.sasl_ssl.scram-sha-512.connections.max.reauth.ms", String.valueOf(SASL_SSL_REAUTH_MS)),
        Map.entry("log.dirs", logDir.toString()),
        Map.entry("num.partitions", "1"),
        Map.entry("offsets.topic.replication.factor", "1"),
        Map.entry("offsets.topic.num.partitions", "1"),
        Map.entry("transaction.state.log.replication.factor", "1"),
        Map.entry("transaction.state.log.min.isr", "1"),
        Map.entry("transaction.state.log.num.partitions", "1"),
        Map.entry("share.coordinator.state.topic.replication.factor", "1"),
        Map.entry("share.coordinator.state.topic.min.isr", "1"),
        Map.entry("group.initial.rebalance.delay.ms", "0"),
        // KIP-848 members heartbeat every 500 ms rather than 5 s, as the fake's do: a rebalance is seen
        // in a second, and the suite does not wait out 5 s intervals.
        Map.entry("group.consumer.min.heartbeat.interval.ms", "500"),
        Map.entry("group.consumer.heartbeat.interval.ms", "500"),
        // Streams groups (KIP-1071, on by default in 4.4) likewise, and without Kafka's 3 s initial
        // rebalance delay: the fake's defaults (docs/fake.md).
        Map.entry("group.streams.min.heartbeat.interval.ms", "500"),
        Map.entry("group.streams.heartbeat.interval.ms", "500"),
        Map.entry("group.streams.initial.rebalance.delay.ms", "0"),
        // Share groups keep Kafka's 5 s heartbeat by default (GROUP configs are compared with the fake's);
        // a test may set its group's share.heartbeat.interval.ms down to 500 ms, so that a member does not
        // wait 5 s for the assignment its next heartbeat brings.
        Map.entry("group.share.min.heartbeat.interval.ms", "500"),
        // A fast, clean shutdown: the controller learns the broker left within half a second.
        Map.entry("broker.heartbeat.interval.ms", "500"),
        Map.entry("broker.session.timeout.ms", "3000"),
        Map.entry("controlled.shutdown.enable", "false")));
    KafkaRaftServers.format(props, logDir.resolveSibling(logDir.getFileName() + ".properties"),
        Uuid.randomUuid().toString(), true, "embedded broker");
    server = KafkaRaftServers.startup(props);
    this.port = boundBrokerPort(server, "PLAINTEXT");
    this.saslPort = boundBrokerPort(server, "SASL_PLAINTEXT");
    this.saslSslPort = boundBrokerPort(server, "SASL_SSL");
    KafkaRaftServers.awaitReady(bootstrapServers(), "embedded broker");
    createScramUsers();
  }

  /** SCRAM credentials live in the metadata log: made through the Admin API, awaited until the broker has them. */
  private void createScramUsers() {
    try (Admin admin = admin()) {
      List<UserScramCredentialUpsertion> upserts = SCRAM_USERS.entrySet().stream()
          .map(e -> new UserScramCredentialUpsertion(e.getKey(),
              new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), e.getValue()))
          .toList();
      admin.alterUserScramCredentials(List.copyOf(upserts)).all().get(30, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (admin.describeUserScramCredentials(List.copyOf(SCRAM_USERS.keySet())).all().get(30, TimeUnit.SECONDS)
          .size() < SCRAM_USERS.size()) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the SCRAM users did not show within 30 s");
        }
        Thread.sleep(50);
      }
    } catch (Exception e) {
      throw new IllegalStateException("cannot create the SCRAM users", e);
    }
  }

  /** The broker's JAAS line for PLAIN: {@code user_<name>="<password>"} per user. */
  private static String plainJaasConfig() {
    StringBuilder jaas = new StringBuilder("org.apache.kafka.common.security.plain.PlainLoginModule required");
    new java.util.TreeMap<>(SASL_USERS).forEach((user, password) ->
        jaas.append(" user_").append(user).append("=\"").append(password).append('"'));
    return jaas.append(';').toString();
  }

  /** The broker shared by every test of this JVM, started on first use. */
  public static synchronized EmbeddedKafka shared() {
    if (shared == null) {
      try {
        shared = new EmbeddedKafka();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      EmbeddedKafka broker = shared;
      Runtime.getRuntime().addShutdownHook(new Thread(broker::close, "embedded-kafka-shutdown"));
    }
    return shared;
  }

  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(host(), port);
  }

  /** The SASL_PLAINTEXT listener (SASL/PLAIN, users {@link #SASL_USERS}). */
  public InetSocketAddress saslAddress() {
    return new InetSocketAddress(host(), saslPort);
  }

  /** The SASL_SSL listener (PLAIN and SCRAM-SHA-512; a certificate of {@link #ca()} for 127.0.0.1 and localhost). */
  public InetSocketAddress saslSslAddress() {
    return new InetSocketAddress(host(), saslSslPort);
  }

  /** The CA of the SASL_SSL listener's certificate; it issues more for the tests. */
  public TestCa ca() {
    return ca;
  }

  /** {@code bootstrap.servers} for Kafka's own clients. */
  public String bootstrapServers() {
    return host() + ":" + port;
  }

  public Admin admin() {
    return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers()));
  }

  @Override
  public void close() {
    server.shutdown();
    server.awaitShutdown();
    KafkaRaftServers.deleteRecursively(logDir);
    KafkaRaftServers.deleteRecursively(logDir.resolveSibling(logDir.getFileName() + "-tls"));
  }

  /**
   * The port the broker bound for {@code listener}. KafkaRaftServer keeps its BrokerServer (which has
   * {@code boundPort}) in a private field and offers no accessor: read there, in test code only.
   */
  private static int boundBrokerPort(KafkaRaftServer server, String listener) {
    return KafkaRaftServers.broker(server).boundPort(ListenerName.normalised(listener));
  }
}
