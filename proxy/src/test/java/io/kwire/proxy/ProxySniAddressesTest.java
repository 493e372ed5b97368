package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.net.tls.KeyMaterial;
import io.kwire.net.tls.TlsServerOptions;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routing by SNI on one port: the brokers of a Metadata response are told as the route's names,
 * {@code broker-<id>.proxy.test} at the proxy's port, so that the client's connection to a leader
 * asks for that leader's name and reaches that broker (stand-in brokers, each naming itself).
 */
class ProxySniAddressesTest {
  private static final String PASSWORD = "changeit";
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());

  /** A stand-in broker: ApiVersions offers Metadata; Metadata names brokers 1 and 2 at their real addresses and {@code cluster}. */
  private static FakeBroker.Answer broker(String cluster) {
    return (connection, request, out) -> answer(cluster, request, out);
  }

  private static void answer(String cluster, byte[] request, OutputStream out) throws java.io.IOException {
    RawRequestFrame peek = Frames.peekRequest(request);
    if (peek.apiKey() == ApiVersionsResponseCodec.API_KEY) {
      out.write(Wire.response(ApiVersionsResponseCodec.INSTANCE, peek.apiVersion(), peek.correlationId(),
          new ApiVersionsResponseBuilder().apiKeys(List.of(Wire.api(3, 0, 12), Wire.api(18, 0, 3))).build()));
      return;
    }
    out.write(Wire.response(MetadataResponseCodec.INSTANCE, peek.apiVersion(), peek.correlationId(),
        new MetadataResponseBuilder().clusterId(cluster).brokers(List.of(
            new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(1).host("kafka-1.internal").port(9092)
                .build(),
            new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(2).host("kafka-2.internal").port(9092)
                .build())).build()));
  }

  /** A PKCS12 key store for the proxy's names, made by the JDK's keytool (no test PKI in this module). */
  private static Path keyStore(Path dir) throws Exception {
    Path file = dir.resolve("proxy.p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", "proxy", "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=proxy.test",
        "-ext", "SAN=dns:bootstrap.proxy.test,dns:broker-1.proxy.test,dns:broker-2.proxy.test", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
        .redirectErrorStream(true).start();
    String output = new String(keytool.getInputStream().readAllBytes());
    if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
      throw new IllegalStateException("keytool failed: " + output);
    }
    return file;
  }

  /** {@code host} at 127.0.0.1 without DNS: the client sends it as its SNI host name. */
  private static InetSocketAddress at(String host, int port) throws Exception {
    return new InetSocketAddress(InetAddress.getByAddress(host, new byte[] {127, 0, 0, 1}), port);
  }

  @Test
  void eachNodeIsToldByItsSniNameSoALeadersConnectionReachesThatBroker(@TempDir Path dir) throws Exception {
    Path keys = keyStore(dir);
    try (FakeBroker bootstrap = new FakeBroker(broker("bootstrap"));
        FakeBroker one = new FakeBroker(broker("one"));
        FakeBroker two = new FakeBroker(broker("two"))) {
      SniRoute route = SniRoute.of("bootstrap.proxy.test", bootstrap.address(), "broker-$(nodeId).proxy.test",
          Map.of(1, one.address(), 2, two.address()));
      ProxyConfig config = ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), bootstrap.address())
          .withTls(TlsServerOptions.builder(KeyMaterial.keyStore(keys, "PKCS12", PASSWORD, PASSWORD)).build())
          .withRoute(route).withEvents(events::add);
      try (KwireProxy proxy = KwireProxy.start(config)) {
        int port = proxy.localAddress().getPort();
        KwireClient.Builder tls = KwireClient.builder()
            .sslContext(SslContextBuilder.forClient().trustManager(InsecureTrustManagerFactory.INSTANCE).build());
        MetadataResponse told;
        try (KwireClient client = tls.connect(at("bootstrap.proxy.test", port))) {
          told = client.send(new MetadataRequestBuilder().build(), MetadataResponse.class, (short) 12).join();
        }
        assertEquals("bootstrap", told.clusterId());
        assertEquals(List.of("broker-1.proxy.test:" + port, "broker-2.proxy.test:" + port),
            told.brokers().stream().map(b -> b.host() + ":" + b.port()).toList());
        // The client connects to the leader by the name it was told: the route sends it to that broker.
        MetadataResponse.MetadataResponseBroker leader = told.brokers().get(1);
        try (KwireClient client = tls.connect(at(leader.host(), leader.port()))) {
          assertEquals("two", client.send(new MetadataRequestBuilder().build(), MetadataResponse.class, (short) 12)
              .join().clusterId());
        }
      }
    }
    assertEquals(List.of(), events);
  }
}
