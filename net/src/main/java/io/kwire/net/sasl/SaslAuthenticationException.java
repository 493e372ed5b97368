package io.kwire.net.sasl;

/**
 * A SASL exchange failed: a bad password, an unknown user, a refused authorization id, a malformed or
 * out-of-order message. It is the only exception the mechanisms and authenticators throw on what the
 * peer sent. {@link #getMessage()} says why in detail (for the log); {@link #clientMessage()} is what
 * a server may tell the client, which never reveals whether a user exists.
 */
public final class SaslAuthenticationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Kafka's answer to a bad PLAIN user name or password. */
  static final String INVALID_USERNAME_OR_PASSWORD = "Authentication failed: Invalid username or password";

  private final String clientMessage;

  /** A failure whose message may be sent to the client as is. */
  public SaslAuthenticationException(String message) {
    this(message, message);
  }

  /** A failure whose detail stays in the log while the client is told only {@code clientMessage}. */
  public SaslAuthenticationException(String message, String clientMessage) {
    super(message);
    this.clientMessage = clientMessage;
  }

  /** What a server may send the client in the SaslAuthenticate response's error message. */
  public String clientMessage() {
    return clientMessage;
  }
}
