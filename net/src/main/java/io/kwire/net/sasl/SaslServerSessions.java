package io.kwire.net.sasl;

import io.kwire.net.Connection;
import io.kwire.net.KafkaPrincipal;
import io.kwire.net.ServerAuthenticator;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * {@link SaslServerOptions} as a {@link io.kwire.net.KwireServer}'s authenticator: one {@link
 * SaslServerAuthenticator} per connection, fed the SaslHandshake and SaslAuthenticate frames the
 * pipeline hands over, read and written with kwire-net's own wire code.
 */
final class SaslServerSessions implements ServerAuthenticator {
  /** SaslHandshake v0 (raw tokens) is refused, so only v1 is listed; SaslAuthenticate v0-2. */
  private static final Map<Short, VersionRange> API_VERSIONS = Map.of(
      SaslHandshakeWire.API_KEY, VersionRange.of(1, 1),
      SaslAuthenticateWire.API_KEY, SaslAuthenticateWire.VERSIONS);

  private final SaslServerOptions options;

  SaslServerSessions(SaslServerOptions options) {
    this.options = options;
  }

  @Override
  public Map<Short, VersionRange> apiVersions() {
    return API_VERSIONS;
  }

  @Override
  public int maxReceiveSizeBeforeAuthentication() {
    return SaslServerAuthenticator.MAX_RECEIVE_SIZE_BEFORE_AUTHENTICATION;
  }

  @Override
  public Session open(Connection connection) {
    return new SaslSession(new SaslServerAuthenticator(options));
  }

  private static final class SaslSession implements Session {
    private final SaslServerAuthenticator sasl;

    SaslSession(SaslServerAuthenticator sasl) {
      this.sasl = sasl;
    }

    @Override
    public boolean answers(short apiKey) {
      return apiKey == SaslHandshakeWire.API_KEY || apiKey == SaslAuthenticateWire.API_KEY;
    }

    @Override
    public boolean admits(short apiKey) {
      return sasl.admit(apiKey) == SaslAdmission.PASS;
    }

    @Override
    public CompletionStage<Reply> answer(RawRequestFrame request) {
      if (sasl.admit(request.apiKey()) != SaslAdmission.AUTHENTICATE) {
        return CompletableFuture.completedFuture(new Reply(null, true)); // closed without a response, as Kafka
      }
      try {
        return CompletableFuture.completedFuture(request.apiKey() == SaslHandshakeWire.API_KEY
            ? handshake(request) : authenticate(request));
      } catch (KwireProtocolException e) {
        return CompletableFuture.failedFuture(e);
      }
    }

    private Reply handshake(RawRequestFrame request) {
      SaslReply<SaslHandshakeWire.Response> reply = sasl.handshake(
          SaslHandshakeWire.decodeRequest(request.frame(), DecodeOptions.STRICT), request.apiVersion());
      return new Reply(SaslHandshakeWire.encodeResponse(request.correlationId(), reply.response()),
          reply.closeAfterSend());
    }

    private Reply authenticate(RawRequestFrame request) {
      short version = request.apiVersion();
      SaslReply<SaslAuthenticateWire.Response> reply = sasl.authenticate(
          SaslAuthenticateWire.decodeRequest(request.frame(), version, DecodeOptions.STRICT), version);
      return new Reply(SaslAuthenticateWire.encodeResponse(request.correlationId(), version, reply.response()),
          reply.closeAfterSend());
    }

    @Override
    public Optional<KafkaPrincipal> principal() {
      return sasl.authenticated() ? sasl.principal() : Optional.empty();
    }
  }
}
