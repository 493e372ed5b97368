package io.kwire.net.sasl;

import io.kwire.net.KafkaPrincipal;

/**
 * The server side of one SASL exchange: the client's responses in, the server's challenges out,
 * until {@link #isComplete()}. One instance per exchange (a re-authentication takes a new one); not
 * thread-safe, as a connection's exchange is sequential. Make one with {@link SaslMechanisms#server}.
 */
public interface SaslServerMechanism {
  /** The IANA name, e.g. {@code PLAIN}, {@code SCRAM-SHA-256}. */
  String mechanismName();

  /**
   * Evaluates the client's next message and returns the challenge to send back (empty when the
   * mechanism has nothing to say, as PLAIN on success).
   *
   * @throws SaslAuthenticationException if the message is malformed, out of order or the credentials
   *     are wrong; the exchange is then over and every later call fails too
   */
  byte[] evaluateResponse(byte[] response);

  /** True once the client is authenticated. */
  boolean isComplete();

  /**
   * The authenticated principal, {@code User:} + the user name.
   *
   * @throws IllegalStateException before {@link #isComplete()}
   */
  KafkaPrincipal principal();
}
