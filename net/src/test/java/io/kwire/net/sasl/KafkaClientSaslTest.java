package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.Test;

/** Kafka's own Admin client (kafka-clients 4.4.0) authenticating over a loopback socket against kwire's authenticator. */
class KafkaClientSaslTest {
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .plainUser("alice", "alice-secret")
      .scramUser(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret")
      .scramUser(ScramMechanism.SCRAM_SHA_512, "alice", "alice-secret")
      .build();
  private static final SaslServerOptions OPTIONS = SaslServerOptions.of(USERS, "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");

  private static Admin admin(int port, String mechanism, String user, String password) {
    String module = mechanism.equals("PLAIN") ? "org.apache.kafka.common.security.plain.PlainLoginModule"
        : "org.apache.kafka.common.security.scram.ScramLoginModule";
    Properties props = new Properties();
    props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + port);
    props.put(AdminClientConfig.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    props.put(AdminClientConfig.CLIENT_ID_CONFIG, "kwire-test");
    props.put(SaslConfigs.SASL_MECHANISM, mechanism);
    props.put(SaslConfigs.SASL_JAAS_CONFIG, module + " required username=\"" + user + "\" password=\"" + password + "\";");
    props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 15_000);
    return Admin.create(props);
  }

  @Test
  void kafkasPlainClientAuthenticatesAndSendsTheBytesKwiresClientSends() throws Exception {
    try (MiniSaslBroker broker = new MiniSaslBroker(OPTIONS);
        Admin admin = admin(broker.port(), "PLAIN", "alice", "alice-secret")) {
      assertEquals("kwire-sasl-test", admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS));
      assertTrue(broker.authenticatedRequests.get() > 0);

      // Kafka's SaslAuthenticate frame, byte for byte, is what kwire's client authenticator makes.
      byte[] kafkaFrame = broker.authenticateFrames.peek();
      DecodedRequest<io.kwire.messages.SaslAuthenticateRequest> decoded = Frames.decodeRequest(kafkaFrame, SaslAuthenticateRequestCodec.INSTANCE);
      SaslClientAuthenticator client = new SaslClientAuthenticator(() -> SaslMechanisms.plainClient("alice", "alice-secret"));
      client.start();
      SaslAuthenticateWire.Request kwireRequest = client.onHandshakeResponse(
          new SaslHandshakeWire.Response((short) 0, java.util.List.of("PLAIN")));
      assertArrayEquals(kafkaFrame, SaslAuthenticateWire.encodeRequest(decoded.header().requestApiVersion(),
          decoded.header().correlationId(), decoded.header().clientId(), kwireRequest));
    }
  }

  @Test
  void kafkasScramClientsAuthenticate() throws Exception {
    for (String mechanism : new String[] {"SCRAM-SHA-256", "SCRAM-SHA-512"}) {
      try (MiniSaslBroker broker = new MiniSaslBroker(OPTIONS);
          Admin admin = admin(broker.port(), mechanism, "alice", "alice-secret")) {
        assertEquals("kwire-sasl-test", admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS), mechanism);
        assertTrue(broker.authenticateFrames.size() >= 2, "client-first and client-final");
      }
    }
  }

  @Test
  void kafkasClientReportsKwiresFailureMessage() throws Exception {
    try (MiniSaslBroker broker = new MiniSaslBroker(OPTIONS);
        Admin admin = admin(broker.port(), "PLAIN", "alice", "wrong")) {
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS));
      assertInstanceOf(SaslAuthenticationException.class, e.getCause());
      assertEquals("Authentication failed: Invalid username or password", e.getCause().getMessage());
      // The broker notes the close after writing the answer the client has already read: wait for it.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (!broker.closes.contains("closed after a SASL failure") && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertTrue(broker.closes.contains("closed after a SASL failure"), broker.closes.toString());
    }
  }

  @Test
  void kafkasClientReportsAnUnsupportedMechanism() throws Exception {
    try (MiniSaslBroker broker = new MiniSaslBroker(SaslServerOptions.of(USERS, "SCRAM-SHA-512"));
        Admin admin = admin(broker.port(), "PLAIN", "alice", "alice-secret")) {
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS));
      assertEquals("Client SASL mechanism 'PLAIN' not enabled in the server, enabled mechanisms are [SCRAM-SHA-512]",
          e.getCause().getMessage());
    }
  }

  /** KIP-368: told a session lifetime, Kafka's client re-authenticates on the same connection before it ends. */
  @Test
  void kafkasClientReauthenticatesWithinTheSessionLifetime() throws Exception {
    // 1.5 s: Kafka's client re-authenticates at 85-95% of it, 75-225 ms before the end, enough on a
    // loaded machine (400 ms left 20-60 ms, which one missed)
    SaslServerOptions shortSessions = OPTIONS.withConnectionsMaxReauth(Duration.ofMillis(1500));
    try (MiniSaslBroker broker = new MiniSaslBroker(shortSessions);
        Admin admin = admin(broker.port(), "SCRAM-SHA-256", "alice", "alice-secret")) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      // The client re-authenticates when it next sends after 85-95% of the lifetime: keep it busy until it has.
      do {
        assertEquals("kwire-sasl-test", admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS));
      } while (broker.closes.isEmpty() && broker.reauthentications.get() < 2 && System.nanoTime() < deadline);
      assertTrue(broker.closes.isEmpty(), "no connection was closed for an expired session: " + broker.closes);
      assertTrue(broker.reauthentications.get() >= 2, "re-authentications seen: " + broker.reauthentications.get());
    }
  }
}
