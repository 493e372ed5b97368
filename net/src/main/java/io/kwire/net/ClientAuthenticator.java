package io.kwire.net;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.IntFunction;

/**
 * Authenticates a new client connection after ApiVersions and before the client is handed out
 * (SASL lives in {@code io.kwire.net.sasl}): it exchanges requests through the client itself. A
 * failed stage closes the connection and fails the connect.
 */
@FunctionalInterface
public interface ClientAuthenticator {
  CompletionStage<?> authenticate(KwireClient client);

  /**
   * Sends an authenticator's own request frames (SaslHandshake, SaslAuthenticate) during {@link
   * KwireClient#exclusively}: the frame is built for the correlation id given, and the future
   * completes with the whole response frame.
   */
  @FunctionalInterface
  interface FrameSender {
    CompletableFuture<byte[]> send(IntFunction<byte[]> frameForCorrelationId);
  }
}
