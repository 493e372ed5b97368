package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.SaslHandshakeRequest;
import io.kwire.messages.SaslHandshakeRequestCodec;
import io.kwire.messages.SaslHandshakeResponse;
import io.kwire.messages.SaslHandshakeResponseCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.meta.VersionRange;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * The seam SASL plugs into, with a stand-in authenticator: a SaslHandshake naming mechanism "OK"
 * authenticates as User:alice. Requests before that close the connection; after it, handlers see
 * the principal.
 */
class AuthenticationSeamTest {
  /** Answers SaslHandshake (key 17); "OK" authenticates, anything else is refused and closed. */
  private static final class StandIn implements ServerAuthenticator {
    @Override
    public Map<Short, VersionRange> apiVersions() {
      return Map.of((short) 17, VersionRange.of(0, 1));
    }

    @Override
    public Session open(Connection connection) {
      return new Session() {
        private KafkaPrincipal principal;

        @Override
        public boolean answers(short apiKey) {
          return apiKey == 17;
        }

        @Override
        public CompletionStage<Reply> answer(RawRequestFrame request) {
          SaslHandshakeRequest handshake = Frames.decodeRequest(request.frame(), SaslHandshakeRequestCodec.INSTANCE).body();
          boolean ok = handshake.mechanism().equals("OK");
          if (ok) {
            principal = KafkaPrincipal.user("alice");
          }
          byte[] answer = Frames.encodeResponse(new ResponseHeader(request.correlationId()),
              SaslHandshakeResponseCodec.INSTANCE, request.apiVersion(),
              new SaslHandshakeResponse(ok ? (short) 0 : (short) 33, List.of("OK")));
          return CompletableFuture.completedFuture(new Reply(answer, !ok));
        }

        @Override
        public Optional<KafkaPrincipal> principal() {
          return Optional.ofNullable(principal);
        }
      };
    }
  }

  private static KwireServer server() {
    return KwireServer.builder().authenticator(new StandIn())
        .handle(EchoRequest.class, EchoResponse.class,
            (request, context) -> EchoResponse.of(context.connection().principal().toString(), request.sequence()))
        .start(new InetSocketAddress("127.0.0.1", 0));
  }

  private static ClientAuthenticator handshake(String mechanism) {
    return client -> client.send(new SaslHandshakeRequest(mechanism), SaslHandshakeResponse.class)
        .thenAccept(response -> {
          if (response.errorCode() != 0) {
            throw new IllegalStateException("refused: " + response.errorCode());
          }
        });
  }

  @Test
  void afterAuthenticationHandlersSeeThePrincipal() {
    try (KwireServer server = server();
        KwireClient client = KwireClient.builder().authenticator(handshake("OK")).connect(server.localAddress())) {
      assertEquals(VersionRange.of(0, 1), client.versions().broker(17).orElseThrow().versions());
      assertEquals("User:alice", client.send(EchoRequest.of("", 1), EchoResponse.class).join().text());
    }
  }

  @Test
  void aRequestBeforeAuthenticationClosesTheConnection() throws Exception {
    try (KwireServer server = server(); RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(Frames.encodeRequest(new RequestHeader((short) 1000, (short) 1, 1, "raw"),
          EchoRequestCodec.INSTANCE, EchoRequest.of("early", 1)));
      assertTrue(raw.closedByServer());
    }
  }

  @Test
  void aRefusedAuthenticationIsAnsweredThenClosed() {
    try (KwireServer server = server()) {
      KwireConnectionException e = org.junit.jupiter.api.Assertions.assertThrows(KwireConnectionException.class,
          () -> KwireClient.builder().authenticator(handshake("NO")).connect(server.localAddress()));
      assertTrue(e.getMessage().contains("refused: 33"), e.getMessage());
    }
  }

  @Test
  void aClientOnALentEventLoopLeavesItRunning() {
    MultiThreadIoEventLoopGroup loop = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try (KwireServer server = server()) {
      try (KwireClient client = KwireClient.builder().eventLoop(loop).authenticator(handshake("OK"))
          .connect(server.localAddress())) {
        assertEquals(1, client.send(EchoRequest.of("", 1), EchoResponse.class).join().sequence());
      }
      assertTrue(!loop.isShuttingDown());
    } finally {
      loop.shutdownGracefully(0, 0, java.util.concurrent.TimeUnit.MILLISECONDS).syncUninterruptibly();
    }
  }
}
