package io.kwire.net.sasl;

import io.kwire.net.ClientAuthenticator;
import io.kwire.net.KwireClient;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link SaslClientOptions} as a {@link KwireClient}'s authenticator: the exchange runs through
 * {@link KwireClient#exclusively}, at connect and again for each KIP-368 re-authentication, so that
 * the client's own requests wait while it runs and none is caught between two sessions.
 */
final class SaslClientExchange implements ClientAuthenticator {
  private static final short HANDSHAKE_VERSION = 1;

  private final Supplier<SaslClientMechanism> mechanisms;

  SaslClientExchange(Supplier<SaslClientMechanism> mechanisms) {
    this.mechanisms = mechanisms;
  }

  @Override
  public CompletionStage<?> authenticate(KwireClient client) {
    VersionRange handshake = served(client, SaslHandshakeWire.API_KEY);
    VersionRange listedAuthenticate = served(client, SaslAuthenticateWire.API_KEY);
    VersionRange authenticate = listedAuthenticate.intersect(SaslAuthenticateWire.VERSIONS);
    if (!handshake.contains(HANDSHAKE_VERSION) || authenticate.isEmpty()) {
      return CompletableFuture.failedFuture(new SaslAuthenticationException("the server does not serve SaslHandshake v1"
          + " and SaslAuthenticate v" + SaslAuthenticateWire.VERSIONS + " (" + listing(handshake, listedAuthenticate)
          + "): is SASL enabled on this listener?"));
    }
    Connection connection = new Connection(client, new SaslClientAuthenticator(mechanisms), authenticate.highest());
    return connection.run();
  }

  /** What the server's ApiVersions said of the two APIs, in words. */
  private static String listing(VersionRange handshake, VersionRange authenticate) {
    if (handshake.isEmpty() && authenticate.isEmpty()) {
      return "its ApiVersions lists neither";
    }
    return "its ApiVersions lists " + (handshake.isEmpty() ? "no SaslHandshake" : "SaslHandshake v" + handshake)
        + " and " + (authenticate.isEmpty() ? "no SaslAuthenticate" : "SaslAuthenticate v" + authenticate);
  }

  private static VersionRange served(KwireClient client, short apiKey) {
    return client.versions().broker(apiKey).map(BrokerRange::versions).orElse(VersionRange.NONE);
  }

  /** One client's SASL state: the exchange, then a re-authentication whenever the session is due. */
  private static final class Connection {
    private final KwireClient client;
    private final SaslClientAuthenticator sasl;
    private final short authenticateVersion;

    Connection(KwireClient client, SaslClientAuthenticator sasl, short authenticateVersion) {
      this.client = client;
      this.sasl = sasl;
      this.authenticateVersion = authenticateVersion;
    }

    CompletableFuture<Void> run() {
      return client.exclusively(this::exchange).thenRun(this::scheduleReauthentication);
    }

    private CompletableFuture<Void> exchange(FrameSender sender) {
      SaslHandshakeWire.Request handshake = sasl.start();
      return sender.send(id -> SaslHandshakeWire.encodeRequest(HANDSHAKE_VERSION, id, client.clientId(), handshake))
          .thenApply(frame -> SaslHandshakeWire.decodeResponse(frame, DecodeOptions.STRICT))
          .thenCompose(response -> step(sender, sasl.onHandshakeResponse(response)));
    }

    private CompletableFuture<Void> step(FrameSender sender, SaslAuthenticateWire.Request request) {
      short version = authenticateVersion;
      return sender.send(id -> SaslAuthenticateWire.encodeRequest(version, id, client.clientId(), request))
          .thenApply(frame -> SaslAuthenticateWire.decodeResponse(frame, version, DecodeOptions.STRICT))
          .thenCompose(response -> sasl.onAuthenticateResponse(response)
              .map(next -> step(sender, next))
              .orElse(CompletableFuture.completedFuture(null)));
    }

    private void scheduleReauthentication() {
      OptionalLong at = sasl.reauthenticateAtNanos();
      if (at.isEmpty()) {
        return;
      }
      long delay = Math.max(0, at.getAsLong() - System.nanoTime());
      // A failed re-authentication closes the client (exclusively): its requests fail with the cause.
      CompletableFuture.runAsync(() -> {
        if (client.isOpen()) {
          run();
        }
      }, CompletableFuture.delayedExecutor(delay, TimeUnit.NANOSECONDS));
    }
  }
}
