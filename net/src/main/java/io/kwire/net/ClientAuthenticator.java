package io.kwire.net;

import java.util.concurrent.CompletionStage;

/**
 * Authenticates a new client connection after ApiVersions and before the client is handed out
 * (SASL lives in {@code io.kwire.net.sasl}): it exchanges requests through the client itself. A
 * failed stage closes the connection and fails the connect.
 */
@FunctionalInterface
public interface ClientAuthenticator {
  CompletionStage<?> authenticate(KwireClient client);
}
