package io.kwire.net.sasl;

/**
 * The client side of one SASL exchange: {@link #initialResponse()} first, then the server's
 * challenges in and the client's responses out until {@link #isComplete()}. One instance per exchange;
 * not thread-safe. Make one with {@link SaslMechanisms#plainClient} or {@link SaslMechanisms#scramClient}.
 */
public interface SaslClientMechanism {
  /** The IANA name, e.g. {@code PLAIN}, {@code SCRAM-SHA-256}. */
  String mechanismName();

  /**
   * The client's first message (PLAIN's only one, SCRAM's client-first-message).
   *
   * @throws IllegalStateException if called twice
   */
  byte[] initialResponse();

  /**
   * Evaluates the server's next challenge and returns the response to send, or an empty array when the
   * exchange is complete and nothing more is to be sent.
   *
   * @throws SaslAuthenticationException if the challenge is malformed, out of order, or the server
   *     failed to prove it knows the credentials (SCRAM's server signature)
   */
  byte[] evaluateChallenge(byte[] challenge);

  /** True once the server's last message was accepted (for SCRAM: its signature verified). */
  boolean isComplete();
}
