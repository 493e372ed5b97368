package io.kwire.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.net.KwireClient;
import io.kwire.net.KwireConnectionException;
import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TlsClientOptions;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.net.tls.TrustMaterial;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.proxy.SniRoute;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * One proxy port, brokers told apart by the TLS SNI host name: the bootstrap name goes to the broker's
 * PLAINTEXT listener, {@code broker-1.proxy.test} to its SASL_PLAINTEXT listener (two upstreams that
 * answer differently), an unknown node or no SNI at all is refused with an event line.
 */
class ProxySniTest {
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  /** {@code host} resolving to 127.0.0.1 without DNS: the client sends it as SNI and checks it in the certificate. */
  private static InetSocketAddress at(String host, int port) throws Exception {
    return new InetSocketAddress(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1}), port);
  }

  private static KwireClient.Builder tlsClient(EmbeddedKafka broker) {
    Path trust = broker.ca().trustStore();
    return KwireClient.builder().sslContext(TlsClientOptions.builder(
        TrustMaterial.trustStore(trust, "PKCS12", TestCa.PASSWORD)).build().sslContext());
  }

  @Test
  void theSniHostNameChoosesTheUpstream() throws Exception {
    EmbeddedKafka broker = EmbeddedKafka.shared();
    Path keys = broker.ca().keyStore("sni-proxy", List.of("*.proxy.test"));
    SniRoute route = SniRoute.of("bootstrap.proxy.test", broker.address(), "broker-$(nodeId).proxy.test",
        Map.of(1, broker.saslAddress()));
    ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withTls(TlsServerOptions.builder(KeyMaterial.keyStore(keys, "PKCS12", TestCa.PASSWORD, TestCa.PASSWORD)).build())
        .withRoute(route).withEvents(events::add);
    try (KwireProxy proxy = KwireProxy.start(config)) {
      int port = proxy.localAddress().getPort();
      try (KwireClient bootstrap = tlsClient(broker).connect(at("bootstrap.proxy.test", port))) {
        MetadataResponse metadata = bootstrap.send(new MetadataRequestBuilder().build(), MetadataResponse.class).join();
        assertEquals(1, metadata.brokers().size());
      }
      // broker-1 is the SASL_PLAINTEXT listener: SASL/PLAIN succeeds there only
      String password = EmbeddedKafka.SASL_USERS.get("alice");
      try (KwireClient sasl = tlsClient(broker).authenticator(SaslClientOptions.plain("alice", password).authenticator())
          .connect(at("BROKER-1.proxy.test", port))) {
        assertTrue(sasl.isOpen());
      }
      // and refuses a request before authentication by closing, where the bootstrap (PLAINTEXT) answered it
      try (KwireClient unauthenticated = tlsClient(broker).connect(at("broker-1.proxy.test", port))) {
        CompletionException refused = assertThrows(CompletionException.class,
            () -> unauthenticated.send(new MetadataRequestBuilder().build(), MetadataResponse.class).join());
        assertInstanceOf(KwireConnectionException.class, refused.getCause());
      }

      assertThrows(KwireConnectionException.class, () -> tlsClient(broker).connect(at("broker-7.proxy.test", port)).close());
      assertTrue(events.stream().anyMatch(e -> e.endsWith(": SNI host name broker-7.proxy.test names node 7, which is"
          + " not known; closing the connection")), events.toString());
    }
  }
}
