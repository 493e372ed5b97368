package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramMechanism;
import io.kwire.net.tls.TestPki;
import io.kwire.net.tls.TlsClientAuth;
import io.kwire.net.tls.TlsServerOptions;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Kafka's own AdminClient (kafka-clients 4.4.0) against a kwire server secured by kwire-net's TLS and
 * SASL: SSL (mutual), SASL_PLAINTEXT (PLAIN, SCRAM-SHA-512) and SASL_SSL. The handlers, written here,
 * put the connection's principal in the cluster id, so the test reads who the server saw.
 */
class KafkaAdminClientSecurityTest {
  private static final String CLIENT_DN = "CN=kafka-client,OU=kwire,O=kwire test";
  private static final SaslServerOptions SASL = SaslServerOptions.of(SaslUserStore.builder()
      .plainUser("alice", "alice-secret")
      .scramUser(ScramMechanism.SCRAM_SHA_512, "alice", "alice-secret")
      .build(), "SCRAM-SHA-512", "PLAIN");

  @TempDir
  static Path dir;
  private static TestPki pki;
  private static TestPki.Issued serverCertificate;
  private static TestPki.Issued clientCertificate;

  @BeforeAll
  static void makeCertificates() throws Exception {
    pki = new TestPki("CN=kwire test CA,O=kwire test");
    serverCertificate = pki.server("CN=localhost,O=kwire test", List.of("localhost"), List.of("127.0.0.1"));
    clientCertificate = pki.client(CLIENT_DN);
    pki.trustStore(dir, "ca", "PKCS12");
    clientCertificate.keyStore(dir, "kafka-client", "PKCS12");
  }

  private static KwireServer server(KwireServer.Builder builder) {
    int[] port = new int[1];
    KwireServer server = builder
        .handle(MetadataRequest.class, MetadataResponse.class, (request, context) -> new MetadataResponseBuilder()
            .brokers(List.of(new MetadataResponseBuilder.MetadataResponseBrokerBuilder()
                .nodeId(1).host("127.0.0.1").port(port[0]).build()))
            .clusterId(context.connection().principal().toString()).controllerId(1).build())
        .handle(DescribeClusterRequest.class, DescribeClusterResponse.class, (request, context) ->
            new DescribeClusterResponseBuilder()
                .clusterId(context.connection().principal().toString()).controllerId(1)
                .brokers(List.of(new DescribeClusterResponseBuilder.DescribeClusterBrokerBuilder()
                    .brokerId(1).host("127.0.0.1").port(port[0]).build()))
                .build())
        .start(new InetSocketAddress("127.0.0.1", 0));
    port[0] = server.localAddress().getPort();
    return server;
  }

  private static Map<String, Object> config(KwireServer server, String securityProtocol) {
    Map<String, Object> config = new HashMap<>();
    config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + server.localAddress().getPort());
    config.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    config.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
    config.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, securityProtocol);
    return config;
  }

  private static void trustTheTestCa(Map<String, Object> config) {
    config.put(SslConfigs.SSL_TRUSTSTORE_LOCATION_CONFIG, dir.resolve("ca-trust.pkcs12").toString());
    config.put(SslConfigs.SSL_TRUSTSTORE_TYPE_CONFIG, "PKCS12");
    config.put(SslConfigs.SSL_TRUSTSTORE_PASSWORD_CONFIG, TestPki.PASSWORD);
  }

  private static void sasl(Map<String, Object> config, String mechanism, String password) {
    String module = mechanism.equals("PLAIN") ? "org.apache.kafka.common.security.plain.PlainLoginModule"
        : "org.apache.kafka.common.security.scram.ScramLoginModule";
    config.put(SaslConfigs.SASL_MECHANISM, mechanism);
    config.put(SaslConfigs.SASL_JAAS_CONFIG, module + " required username=\"alice\" password=\"" + password + "\";");
  }

  private static String clusterIdSeenBy(Map<String, Object> config) throws Exception {
    try (Admin admin = Admin.create(config)) {
      return admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS);
    }
  }

  private static TlsServerOptions.Builder tls() throws Exception {
    return TlsServerOptions.builder(serverCertificate.pem(dir, "server"));
  }

  @Test
  void sslWithAClientCertificateIsItsSubject() throws Exception {
    try (KwireServer server = server(KwireServer.builder().sslContext(
        tls().trust(pki.trustPem(dir, "ca")).clientAuth(TlsClientAuth.REQUIRED).build().sslContext()))) {
      Map<String, Object> config = config(server, "SSL");
      trustTheTestCa(config);
      config.put(SslConfigs.SSL_KEYSTORE_LOCATION_CONFIG, dir.resolve("kafka-client.pkcs12").toString());
      config.put(SslConfigs.SSL_KEYSTORE_TYPE_CONFIG, "PKCS12");
      config.put(SslConfigs.SSL_KEYSTORE_PASSWORD_CONFIG, TestPki.PASSWORD);
      config.put(SslConfigs.SSL_KEY_PASSWORD_CONFIG, TestPki.PASSWORD);
      assertEquals("User:" + CLIENT_DN, clusterIdSeenBy(config));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"PLAIN", "SCRAM-SHA-512"})
  void saslPlaintext(String mechanism) throws Exception {
    try (KwireServer server = server(KwireServer.builder().authenticator(SASL.authenticator()))) {
      Map<String, Object> config = config(server, "SASL_PLAINTEXT");
      sasl(config, mechanism, "alice-secret");
      assertEquals("User:alice", clusterIdSeenBy(config));
    }
  }

  @Test
  void saslSsl() throws Exception {
    try (KwireServer server = server(KwireServer.builder()
        .sslContext(tls().build().sslContext()).authenticator(SASL.authenticator()))) {
      Map<String, Object> config = config(server, "SASL_SSL");
      trustTheTestCa(config);
      sasl(config, "SCRAM-SHA-512", "alice-secret");
      assertEquals("User:alice", clusterIdSeenBy(config));
    }
  }

  @Test
  void kafkasClientReauthenticatesWithinConnectionsMaxReauth() throws Exception {
    AtomicInteger reauthentications = new AtomicInteger();
    ServerAuthenticator counting = SecureConnectionsTest.counting(
        SASL.withConnectionsMaxReauth(Duration.ofSeconds(1)).authenticator(), new AtomicInteger(), reauthentications);
    try (KwireServer server = server(KwireServer.builder().authenticator(counting))) {
      Map<String, Object> config = config(server, "SASL_PLAINTEXT");
      sasl(config, "SCRAM-SHA-512", "alice-secret");
      try (Admin admin = Admin.create(config)) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (reauthentications.get() == 0) {
          assertTrue(System.nanoTime() < deadline, "Kafka's client did not re-authenticate within 10 s");
          assertEquals("User:alice", admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS));
        }
        assertEquals("User:alice", admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS));
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"PLAIN", "SCRAM-SHA-512"})
  void aWrongPasswordIsKafkasAuthenticationExceptionWithTheServersMessage(String mechanism) throws Exception {
    try (KwireServer server = server(KwireServer.builder().authenticator(SASL.authenticator()))) {
      Map<String, Object> config = config(server, "SASL_PLAINTEXT");
      sasl(config, mechanism, "wrong");
      ExecutionException e = assertThrows(ExecutionException.class, () -> clusterIdSeenBy(config));
      assertInstanceOf(SaslAuthenticationException.class, e.getCause());
      assertEquals(mechanism.equals("PLAIN") ? "Authentication failed: Invalid username or password"
          : "Authentication failed during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512",
          e.getCause().getMessage());
    }
  }
}
