package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramMechanism;
import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TestPki;
import io.kwire.net.tls.TlsClientAuth;
import io.kwire.net.tls.TlsClientOptions;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.net.tls.TrustMaterial;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The configuration docs/net-security.md shows (its snippets are checked against this file), run:
 * a SASL_SSL server and client, SCRAM-SHA-512, certificates from a CA made here.
 */
class SecurityConfigurationExampleTest {
  @TempDir
  Path dir;

  @Test
  void saslSslServerAndClient() throws Exception {
    TestPki pki = new TestPki("CN=kwire test CA,O=kwire test");
    pki.server("CN=localhost,O=kwire test", List.of("localhost"), List.of("127.0.0.1")).pem(dir, "server");
    pki.trustPem(dir, "test");
    Path chainPem = dir.resolve("server-chain.pem");
    Path keyPem = dir.resolve("server-key.pem");
    Path caPem = dir.resolve("test-ca.pem");

    SaslUserStore users = SaslUserStore.builder()
        .plainUser("alice", "alice-secret")
        .scramUser(ScramMechanism.SCRAM_SHA_512, "alice", "alice-secret")   // random salt, 4096 iterations
        .build();
    SaslServerOptions sasl = SaslServerOptions.of(users, "SCRAM-SHA-512", "PLAIN")
        .withConnectionsMaxReauth(Duration.ofHours(1));                    // KIP-368; default: never expires
    TlsServerOptions tls = TlsServerOptions.builder(KeyMaterial.pem(chainPem, keyPem))
        .trust(TrustMaterial.pem(caPem))                                   // for client certificates
        .clientAuth(TlsClientAuth.REQUESTED)
        .build();

    try (KwireServer server = KwireServer.builder()
        .sslContext(tls.sslContext())            // SSL / SASL_SSL; leave out for PLAINTEXT / SASL_PLAINTEXT
        .authenticator(sasl.authenticator())     // SASL_*; leave out for PLAINTEXT / SSL
        .handle(EchoRequest.class, EchoResponse.class, (request, context) ->
            EchoResponse.of("hello " + context.connection().principal(), request.sequence()))   // User:alice
        .start(new InetSocketAddress("127.0.0.1", 0))) {

      TlsClientOptions clientTls = TlsClientOptions.builder(TrustMaterial.pem(caPem))   // endpoint identification on
          .build();
      try (KwireClient client = KwireClient.builder()
          .sslContext(clientTls.sslContext())                                          // SSL / SASL_SSL
          .authenticator(SaslClientOptions.scram(ScramMechanism.SCRAM_SHA_512, "alice", "alice-secret").authenticator())
          .connect(server.localAddress())) {
        EchoResponse response = client.send(EchoRequest.of("hi", 1), EchoResponse.class).join();
        assertEquals("hello User:alice", response.text());
      }
    }
  }
}
