package io.kwire.net.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.net.KafkaPrincipal;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real TLS handshakes over loopback between two Netty channels (an echo pipeline of the test's own), with
 * certificates made by a CA in the test.
 */
class TlsHandshakeTest {
  private static final String CLIENT_DN = "CN=client,OU=kwire,O=kwire test";

  @TempDir
  static Path dir;
  private static EventLoopGroup group;
  private static TestPki pki;
  private static TestPki otherPki;
  private static TestPki.Issued server;
  private static TestPki.Issued client;

  @BeforeAll
  static void setUp() throws Exception {
    group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
    pki = new TestPki("CN=kwire test CA,O=kwire test");
    otherPki = new TestPki("CN=another CA,O=elsewhere");
    server = pki.server("CN=localhost,O=kwire test", List.of("localhost"), List.of("127.0.0.1"));
    client = pki.client(CLIENT_DN);
  }

  @AfterAll
  static void tearDown() throws Exception {
    group.shutdownGracefully(0, 1, TimeUnit.SECONDS).sync();
  }

  /** What each side saw: the server the client's principal (or its failure), the client its echo (or failure). */
  private record Outcome(CompletableFuture<KafkaPrincipal> server, CompletableFuture<String> client, String protocol) {
    KafkaPrincipal serverPrincipal() throws Exception {
      return server.get(10, TimeUnit.SECONDS);
    }

    String echo() throws Exception {
      return client.get(10, TimeUnit.SECONDS);
    }
  }

  private static Outcome connect(TlsServerOptions serverOptions, TlsClientOptions clientOptions, String host)
      throws Exception {
    SslContext serverContext = serverOptions.sslContext();
    SslContext clientContext = clientOptions.sslContext();
    CompletableFuture<KafkaPrincipal> serverSide = new CompletableFuture<>();
    CompletableFuture<String> clientSide = new CompletableFuture<>();
    CompletableFuture<String> protocol = new CompletableFuture<>();
    Channel listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            SslHandler tls = serverContext.newHandler(ch.alloc());
            tls.handshakeFuture().addListener(f -> {
              if (f.isSuccess()) {
                serverSide.complete(TlsPrincipals.of(tls));
                protocol.complete(tls.engine().getSession().getProtocol());
              } else {
                serverSide.completeExceptionally(f.cause());
              }
            });
            ch.pipeline().addLast(tls, new Echo());
          }
        })
        .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    try {
      int port = ((InetSocketAddress) listener.localAddress()).getPort();
      Channel channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
          .handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
              SslHandler tls = clientContext.newHandler(ch.alloc(), host, port);
              tls.handshakeFuture().addListener(f -> {
                if (f.isSuccess()) {
                  ch.writeAndFlush(Unpooled.copiedBuffer("ping", StandardCharsets.US_ASCII));
                } else {
                  clientSide.completeExceptionally(f.cause());
                }
              });
              ch.pipeline().addLast(tls, new EchoReader(clientSide));
            }
          })
          .connect(new InetSocketAddress("127.0.0.1", port)).sync().channel();
      try {
        clientSide.handle((r, e) -> null).get(10, TimeUnit.SECONDS);
        serverSide.handle((r, e) -> null).get(10, TimeUnit.SECONDS);
      } finally {
        channel.close().sync();
      }
      return new Outcome(serverSide, clientSide, protocol.getNow(null));
    } finally {
      listener.close().sync();
    }
  }

  private static final class Echo extends ChannelInboundHandlerAdapter {
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ctx.writeAndFlush(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  private static final class EchoReader extends ChannelInboundHandlerAdapter {
    private final CompletableFuture<String> result;

    EchoReader(CompletableFuture<String> result) {
      this.result = result;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf buf = (ByteBuf) msg;
      try {
        result.complete(buf.toString(StandardCharsets.US_ASCII));
      } finally {
        buf.release();
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      result.completeExceptionally(cause);
      ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      result.completeExceptionally(new IllegalStateException("closed before the echo"));
    }
  }

  private static Throwable failure(CompletableFuture<?> future) {
    ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    return e.getCause();
  }

  private static String messages(Throwable t) {
    StringBuilder out = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      out.append(c.getClass().getSimpleName()).append(": ").append(c.getMessage()).append(" / ");
    }
    return out.toString();
  }

  @Test
  void serverOnlyAuthenticationWithPemFiles() throws Exception {
    Outcome outcome = connect(TlsServerOptions.builder(server.pem(dir, "server")).build(),
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).build(), "localhost");
    assertEquals("ping", outcome.echo());
    assertEquals(KafkaPrincipal.ANONYMOUS, outcome.serverPrincipal());
    assertEquals("TLSv1.3", outcome.protocol());
  }

  @Test
  void theServerCertificateMayNameTheIpAddress() throws Exception {
    Outcome outcome = connect(TlsServerOptions.builder(server.keyStore(dir, "server", "PKCS12")).build(),
        TlsClientOptions.builder(pki.trustStore(dir, "ca", "PKCS12")).build(), "127.0.0.1");
    assertEquals("ping", outcome.echo());
  }

  @Test
  void mutualAuthenticationWithPkcs12GivesTheCertificatesSubjectAsPrincipal() throws Exception {
    Outcome outcome = connect(
        TlsServerOptions.builder(server.keyStore(dir, "server", "PKCS12"))
            .trust(pki.trustStore(dir, "ca", "PKCS12")).clientAuth(TlsClientAuth.REQUIRED).build(),
        TlsClientOptions.builder(pki.trustStore(dir, "ca", "PKCS12")).key(client.keyStore(dir, "client", "PKCS12")).build(),
        "localhost");
    assertEquals("ping", outcome.echo());
    assertEquals("User:" + CLIENT_DN, outcome.serverPrincipal().toString());
  }

  @Test
  void mutualAuthenticationWithJksAndPemOverTls12() throws Exception {
    Outcome outcome = connect(
        TlsServerOptions.builder(server.keyStore(dir, "server", "JKS"))
            .trust(pki.trustPem(dir, "ca")).clientAuth(TlsClientAuth.REQUESTED).protocols(List.of("TLSv1.2")).build(),
        TlsClientOptions.builder(pki.trustStore(dir, "ca", "JKS")).key(client.pem(dir, "client")).build(), "localhost");
    assertEquals("ping", outcome.echo());
    assertEquals(KafkaPrincipal.user(CLIENT_DN), outcome.serverPrincipal());
    assertEquals("TLSv1.2", outcome.protocol());
  }

  @Test
  void anEncryptedPkcs8KeyIsReadWithItsPassword() throws Exception {
    Outcome outcome = connect(TlsServerOptions.builder(server.encryptedPem(dir, "server-enc")).build(),
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).build(), "localhost");
    assertEquals("ping", outcome.echo());
  }

  @Test
  void aRequestedCertificateMayBeMissing() throws Exception {
    Outcome outcome = connect(
        TlsServerOptions.builder(server.pem(dir, "server")).trust(pki.trustPem(dir, "ca"))
            .clientAuth(TlsClientAuth.REQUESTED).build(),
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).build(), "localhost");
    assertEquals("ping", outcome.echo());
    assertEquals(KafkaPrincipal.ANONYMOUS, outcome.serverPrincipal());
  }

  @Test
  void aRequiredCertificateThatIsMissingFailsTheHandshake() throws Exception {
    Outcome outcome = connect(
        TlsServerOptions.builder(server.pem(dir, "server")).trust(pki.trustPem(dir, "ca"))
            .clientAuth(TlsClientAuth.REQUIRED).build(),
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).build(), "localhost");
    assertInstanceOf(SSLException.class, failure(outcome.server()));
    // Under TLS 1.3 the client's handshake is over before the server judges it: it sees an alert or a close.
    failure(outcome.client());
  }

  @Test
  void aClientCertificateFromAnotherCaFailsTheHandshake() throws Exception {
    Outcome outcome = connect(
        TlsServerOptions.builder(server.pem(dir, "server")).trust(pki.trustPem(dir, "ca"))
            .clientAuth(TlsClientAuth.REQUIRED).build(),
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).key(otherPki.client(CLIENT_DN).pem(dir, "stranger")).build(),
        "localhost");
    assertInstanceOf(SSLException.class, failure(outcome.server()));
    failure(outcome.client());
  }

  @Test
  void aServerCertificateFromAnotherCaFailsTheHandshake() throws Exception {
    Outcome outcome = connect(TlsServerOptions.builder(server.pem(dir, "server")).build(),
        TlsClientOptions.builder(otherPki.trustPem(dir, "other")).build(), "localhost");
    Throwable cause = failure(outcome.client());
    assertTrue(messages(cause).contains("PKIX path building failed"), messages(cause));
    failure(outcome.server());
  }

  @Test
  void aHostnameTheCertificateDoesNotNameFailsWhenIdentificationIsOn() throws Exception {
    TestPki.Issued elsewhere = pki.server("CN=broker.example,O=kwire test", List.of("broker.example"), List.of());
    TlsServerOptions serverOptions = TlsServerOptions.builder(elsewhere.pem(dir, "elsewhere")).build();
    Outcome outcome = connect(serverOptions, TlsClientOptions.builder(pki.trustPem(dir, "ca")).build(), "localhost");
    Throwable cause = failure(outcome.client());
    assertTrue(messages(cause).contains("No name matching localhost found")
        || messages(cause).contains("No subject alternative DNS name matching localhost"), messages(cause));

    Outcome unchecked = connect(serverOptions,
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).endpointIdentification(false).build(), "localhost");
    assertEquals("ping", unchecked.echo());
  }

  @Test
  void disjointProtocolsFailTheHandshake() throws Exception {
    Outcome outcome = connect(TlsServerOptions.builder(server.pem(dir, "server")).protocols(List.of("TLSv1.2")).build(),
        TlsClientOptions.builder(pki.trustPem(dir, "ca")).protocols(List.of("TLSv1.3")).build(), "localhost");
    assertInstanceOf(SSLException.class, failure(outcome.client()));
    failure(outcome.server());
  }

  @Test
  void unusableFilesAreConfigErrorsNamingTheFile() throws Exception {
    KeyMaterial store = server.keyStore(dir, "server-badpass", "PKCS12");
    KeyMaterial wrongPassword = KeyMaterial.keyStore(((KeyMaterial.KeyStoreFile) store).path(), "PKCS12", "wrong", "wrong");
    TlsConfigException e = assertThrows(TlsConfigException.class,
        () -> TlsServerOptions.builder(wrongPassword).build().sslContext());
    assertTrue(e.getMessage().startsWith("cannot use " + ((KeyMaterial.KeyStoreFile) store).path()), e.getMessage());

    Path missing = dir.resolve("missing.pem");
    TlsConfigException pem = assertThrows(TlsConfigException.class,
        () -> TlsClientOptions.builder(TrustMaterial.pem(missing)).build().sslContext());
    assertEquals("cannot use " + missing + ": it does not exist", pem.getMessage());
    Path missingStore = dir.resolve("missing.p12");
    TlsConfigException keyStore = assertThrows(TlsConfigException.class, () -> TlsServerOptions.builder(
        KeyMaterial.keyStore(missingStore, "PKCS12", "secret", "secret")).build().sslContext());
    assertEquals("cannot use " + missingStore + ": it does not exist", keyStore.getMessage());

    assertThrows(IllegalArgumentException.class,
        () -> TlsServerOptions.builder(store).clientAuth(TlsClientAuth.REQUIRED).build());
  }

  @Test
  void clientAuthReadsKafkasConfigValues() {
    assertEquals(TlsClientAuth.NONE, TlsClientAuth.fromConfig("none"));
    assertEquals(TlsClientAuth.REQUESTED, TlsClientAuth.fromConfig("requested"));
    assertEquals(TlsClientAuth.REQUIRED, TlsClientAuth.fromConfig(" REQUIRED "));
    assertThrows(IllegalArgumentException.class, () -> TlsClientAuth.fromConfig("optional"));
  }
}
