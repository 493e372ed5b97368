package io.kwire.net.sasl;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * One connection's SASL state on a client: it makes the SaslHandshake (v1) and SaslAuthenticate requests
 * and checks each answer (for SCRAM, the server's signature). When the server gives the session a
 * lifetime (KIP-368), it asks to re-authenticate after 85-95% of it, as Kafka's clients do; the pipeline
 * then stops sending new requests, waits for the responses in flight, and runs {@link #start()} again,
 * so that no pipelined request is caught between the old session and the new one.
 *
 * <p>Not thread-safe: call it from the connection's event loop.
 */
public final class SaslClientAuthenticator {
  private enum State { IDLE, HANDSHAKE, AUTHENTICATE, AUTHENTICATED, FAILED }

  private final Supplier<SaslClientMechanism> mechanisms;
  private final LongSupplier nanoTime;
  private final DoubleSupplier random;

  private State state = State.IDLE;
  private SaslClientMechanism exchange;
  private String mechanismName;
  private long sessionLifetimeMs;
  private long reauthenticateAtNanos;
  private boolean reauthenticates;
  private boolean sessionEstablished;

  /**
   * An authenticator that takes a fresh mechanism from {@code mechanisms} for every (re-)authentication,
   * e.g. {@code () -> SaslMechanisms.scramClient(ScramMechanism.SCRAM_SHA_256, "alice", password)}.
   */
  public SaslClientAuthenticator(Supplier<SaslClientMechanism> mechanisms) {
    this(mechanisms, System::nanoTime, new SecureRandom()::nextDouble);
  }

  SaslClientAuthenticator(Supplier<SaslClientMechanism> mechanisms, LongSupplier nanoTime, DoubleSupplier random) {
    this.mechanisms = Objects.requireNonNull(mechanisms, "mechanisms");
    this.nanoTime = nanoTime;
    this.random = random;
  }

  /**
   * Starts an authentication, or a re-authentication of an authenticated connection: the SaslHandshake
   * request to send (at version 1).
   *
   * @throws IllegalStateException while an exchange runs or after a failure
   */
  SaslHandshakeWire.Request start() {
    if (state != State.IDLE && state != State.AUTHENTICATED) {
      throw new IllegalStateException("cannot start a SASL exchange in state " + state);
    }
    exchange = mechanisms.get();
    mechanismName = exchange.mechanismName();
    state = State.HANDSHAKE;
    return new SaslHandshakeWire.Request(mechanismName);
  }

  /**
   * Checks the SaslHandshake response and returns the first SaslAuthenticate request.
   *
   * @throws SaslAuthenticationException if the server refused the mechanism or the handshake
   */
  SaslAuthenticateWire.Request onHandshakeResponse(SaslHandshakeWire.Response response) {
    expect(State.HANDSHAKE, "SaslHandshake");
    switch (response.errorCode()) {
      case SaslServerAuthenticator.NONE:
        break;
      case SaslServerAuthenticator.UNSUPPORTED_SASL_MECHANISM:
        throw fail("Client SASL mechanism '" + mechanismName + "' not enabled in the server, enabled mechanisms are "
            + response.mechanisms());
      case SaslServerAuthenticator.ILLEGAL_SASL_STATE:
        throw fail("Unexpected handshake request with client mechanism " + mechanismName
            + ", enabled mechanisms are " + response.mechanisms());
      default:
        throw fail("SaslHandshake failed with error code " + response.errorCode());
    }
    state = State.AUTHENTICATE;
    return request(exchange.initialResponse());
  }

  /**
   * Checks a SaslAuthenticate response: the next request to send, or empty when the connection is
   * authenticated. {@code sessionLifetimeMs} is read as it is: zero for a version 0 response.
   *
   * @throws SaslAuthenticationException if the server refused the credentials or the mechanism failed
   *     (for SCRAM: the server did not prove it knows them)
   */
  Optional<SaslAuthenticateWire.Request> onAuthenticateResponse(SaslAuthenticateWire.Response response) {
    expect(State.AUTHENTICATE, "SaslAuthenticate");
    if (response.errorCode() != SaslServerAuthenticator.NONE) {
      throw fail(response.errorMessage() == null ? "SASL authentication failed with error code " + response.errorCode()
          : response.errorMessage());
    }
    byte[] next;
    try {
      next = exchange.evaluateChallenge(response.authBytes());
    } catch (SaslAuthenticationException e) {
      state = State.FAILED;
      sessionEstablished = false;
      throw e;
    }
    if (!exchange.isComplete()) {
      return Optional.of(request(next));
    }
    state = State.AUTHENTICATED;
    sessionEstablished = true;
    exchange = null;
    sessionLifetimeMs = response.sessionLifetimeMs();
    reauthenticates = sessionLifetimeMs > 0;
    // Kafka's clients pick a point in 85-95% of the lifetime, so that clients do not all come back at once.
    long delayNanos = (long) (sessionLifetimeMs * (0.85 + 0.1 * random.getAsDouble()) * 1_000_000L);
    reauthenticateAtNanos = nanoTime.getAsLong() + delayNanos;
    return Optional.empty();
  }

  /** True once authenticated, including while a re-authentication runs over the old session. */
  public boolean authenticated() {
    return sessionEstablished && state != State.FAILED;
  }

  /** True while a (re-)authentication exchange runs: the pipeline sends no other request meanwhile. */
  public boolean exchangeInProgress() {
    return state == State.HANDSHAKE || state == State.AUTHENTICATE;
  }

  /** The session lifetime the server gave in its last SaslAuthenticate response (0: none). */
  public long sessionLifetimeMs() {
    return sessionLifetimeMs;
  }

  /** When to re-authenticate ({@link System#nanoTime()} scale), if the server gave the session a lifetime. */
  public OptionalLong reauthenticateAtNanos() {
    return state == State.AUTHENTICATED && reauthenticates ? OptionalLong.of(reauthenticateAtNanos) : OptionalLong.empty();
  }

  /** True when the session is due for re-authentication: stop sending, drain in-flight responses, {@link #start()}. */
  public boolean reauthenticationDue() {
    return state == State.AUTHENTICATED && reauthenticates && nanoTime.getAsLong() - reauthenticateAtNanos >= 0;
  }

  private void expect(State expected, String what) {
    if (state != expected) {
      throw new IllegalStateException("a " + what + " response was not expected in state " + state);
    }
  }

  private SaslAuthenticationException fail(String message) {
    state = State.FAILED;
    sessionEstablished = false;
    exchange = null;
    return new SaslAuthenticationException(message);
  }

  private static SaslAuthenticateWire.Request request(byte[] authBytes) {
    return new SaslAuthenticateWire.Request(authBytes);
  }
}
