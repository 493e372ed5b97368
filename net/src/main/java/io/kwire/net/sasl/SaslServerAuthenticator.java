package io.kwire.net.sasl;

import io.kwire.net.KafkaPrincipal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * One connection's SASL state on a server, driven by decoded requests, as Kafka's broker runs it:
 * ApiVersions (once) and SaslHandshake before authentication, then SaslAuthenticate until the
 * mechanism completes; anything else before that closes the connection. Once authenticated, every
 * request passes, until the session of {@code connections.max.reauth.ms} expires: then only a
 * SaslHandshake that starts a re-authentication (KIP-368, for clients that sent SaslAuthenticate v1+)
 * is taken, and anything else closes the connection. A re-authentication must keep the mechanism and
 * the principal. SaslHandshake v0 (raw SASL tokens without Kafka headers, pre-1.0 clients) is refused
 * with UNSUPPORTED_VERSION.
 *
 * <p>Not thread-safe: call it from the connection's event loop. For each request the pipeline calls
 * {@link #admit}, then, for {@link SaslAdmission#AUTHENTICATE}, {@link #handshake} or {@link
 * #authenticate} and sends the reply.
 */
public final class SaslServerAuthenticator {
  /** Kafka's {@code sasl.server.max.receive.size}: the largest frame to read before authentication. */
  public static final int MAX_RECEIVE_SIZE_BEFORE_AUTHENTICATION = 512 * 1024;

  static final short API_VERSIONS = 18;
  static final short SASL_HANDSHAKE = 17;
  static final short SASL_AUTHENTICATE = 36;

  static final short NONE = 0;
  static final short UNSUPPORTED_SASL_MECHANISM = 33;
  static final short ILLEGAL_SASL_STATE = 34;
  static final short UNSUPPORTED_VERSION = 35;
  static final short SASL_AUTHENTICATION_FAILED = 58;

  private enum State { INITIAL, HANDSHAKE, AUTHENTICATE, AUTHENTICATED, REAUTHENTICATE, FAILED }

  private final SaslServerOptions options;
  private final LongSupplier nanoTime;

  private State state = State.INITIAL;
  private SaslServerMechanism exchange;
  private String mechanism;
  private KafkaPrincipal principal;
  private boolean clientSupportsReauthentication;
  private String reauthenticationRefusal;
  private long sessionExpiresAtNanos;
  private boolean sessionExpires;

  /** A new connection's authenticator. */
  public SaslServerAuthenticator(SaslServerOptions options) {
    this(options, System::nanoTime);
  }

  SaslServerAuthenticator(SaslServerOptions options, LongSupplier nanoTime) {
    this.options = Objects.requireNonNull(options, "options");
    this.nanoTime = nanoTime;
  }

  /**
   * Decides what becomes of a request of {@code apiKey} that just arrived, and records it (an ApiVersions
   * request is let through once before the handshake). After {@link SaslAdmission#CLOSE} every request is
   * refused.
   */
  public SaslAdmission admit(short apiKey) {
    SaslAdmission admission = decide(apiKey);
    if (admission == SaslAdmission.CLOSE) {
      state = State.FAILED;
    } else if (state == State.INITIAL && apiKey == API_VERSIONS) {
      state = State.HANDSHAKE;
    }
    return admission;
  }

  private SaslAdmission decide(short apiKey) {
    switch (state) {
      case INITIAL:
        return apiKey == API_VERSIONS ? SaslAdmission.PASS
            : apiKey == SASL_HANDSHAKE ? SaslAdmission.AUTHENTICATE : SaslAdmission.CLOSE;
      case HANDSHAKE:
        return apiKey == SASL_HANDSHAKE ? SaslAdmission.AUTHENTICATE : SaslAdmission.CLOSE;
      case AUTHENTICATE:
      case REAUTHENTICATE:
        return apiKey == SASL_AUTHENTICATE || apiKey == SASL_HANDSHAKE ? SaslAdmission.AUTHENTICATE
            : SaslAdmission.CLOSE;
      case AUTHENTICATED:
        if (apiKey == SASL_HANDSHAKE && clientSupportsReauthentication) {
          return SaslAdmission.AUTHENTICATE;
        }
        if (sessionExpired()) {
          return SaslAdmission.CLOSE;
        }
        return apiKey == SASL_HANDSHAKE || apiKey == SASL_AUTHENTICATE ? SaslAdmission.AUTHENTICATE
            : SaslAdmission.PASS;
      default:
        return SaslAdmission.CLOSE;
    }
  }

  /**
   * Answers a SaslHandshake request that {@link #admit} sent here.
   *
   * @param version the request's version
   * @throws IllegalStateException if {@link #admit} did not route a SaslHandshake here
   */
  SaslReply<SaslHandshakeWire.Response> handshake(SaslHandshakeWire.Request request, short version) {
    List<String> enabled = options.enabledMechanisms();
    switch (state) {
      case INITIAL:
      case HANDSHAKE:
        if (version < 1) {
          return failHandshake(UNSUPPORTED_VERSION);
        }
        if (!enabled.contains(request.mechanism())) {
          return failHandshake(UNSUPPORTED_SASL_MECHANISM);
        }
        mechanism = request.mechanism();
        exchange = SaslMechanisms.server(mechanism, options.users());
        state = State.AUTHENTICATE;
        return new SaslReply<>(new SaslHandshakeWire.Response(NONE, enabled), false);
      case AUTHENTICATED:
        if (!clientSupportsReauthentication) {
          // Kafka's request handler answers a handshake after authentication so, and keeps the connection.
          return new SaslReply<>(new SaslHandshakeWire.Response(ILLEGAL_SASL_STATE, List.of()), false);
        }
        if (!enabled.contains(request.mechanism())) {
          return failHandshake(UNSUPPORTED_SASL_MECHANISM);
        }
        reauthenticationRefusal = request.mechanism().equals(mechanism) ? null
            : "SASL mechanism '" + request.mechanism() + "' requested by client is not supported for"
                + " re-authentication of mechanism '" + mechanism + "'";
        exchange = SaslMechanisms.server(request.mechanism(), options.users(), true);
        state = State.REAUTHENTICATE;
        return new SaslReply<>(new SaslHandshakeWire.Response(NONE, enabled), false);
      case AUTHENTICATE:
      case REAUTHENTICATE:
        state = State.FAILED;
        return new SaslReply<>(new SaslHandshakeWire.Response(ILLEGAL_SASL_STATE, enabled), true);
      default:
        throw new IllegalStateException("a SaslHandshake request was not admitted in state " + state);
    }
  }

  private SaslReply<SaslHandshakeWire.Response> failHandshake(short errorCode) {
    state = State.FAILED;
    return new SaslReply<>(new SaslHandshakeWire.Response(errorCode, options.enabledMechanisms()), true);
  }

  /**
   * Answers a SaslAuthenticate request that {@link #admit} sent here: the mechanism's challenge, or
   * SASL_AUTHENTICATION_FAILED with the reason and a close. On completion the response carries the
   * session lifetime ({@code connections.max.reauth.ms}; version 1+ puts it on the wire).
   *
   * @param version the request's version; 1 and above tell that the client can re-authenticate
   * @throws IllegalStateException if {@link #admit} did not route a SaslAuthenticate here
   */
  SaslReply<SaslAuthenticateWire.Response> authenticate(SaslAuthenticateWire.Request request, short version) {
    if (state == State.AUTHENTICATED) {
      return new SaslReply<>(response(ILLEGAL_SASL_STATE,
          "SaslAuthenticate request received after successful authentication", new byte[0], 0), false);
    }
    if (state != State.AUTHENTICATE && state != State.REAUTHENTICATE) {
      throw new IllegalStateException("a SaslAuthenticate request was not admitted in state " + state);
    }
    boolean reauthenticating = state == State.REAUTHENTICATE;
    if (version > 0) {
      // As Kafka: any one SaslAuthenticate of v1+ shows that the client can re-authenticate.
      clientSupportsReauthentication = true;
    }
    try {
      if (reauthenticationRefusal != null) {
        throw new SaslAuthenticationException(reauthenticationRefusal);
      }
      byte[] challenge = exchange.evaluateResponse(request.authBytes());
      if (!exchange.isComplete()) {
        return new SaslReply<>(response(NONE, null, challenge, 0), false);
      }
      KafkaPrincipal authenticated = exchange.principal();
      if (reauthenticating && !authenticated.equals(principal)) {
        throw new SaslAuthenticationException("Cannot change principals during re-authentication from "
            + principal.type() + "." + principal.name() + ": " + authenticated.type() + "." + authenticated.name());
      }
      principal = authenticated;
      long lifetimeMs = options.connectionsMaxReauth().toMillis();
      sessionExpires = lifetimeMs > 0;
      sessionExpiresAtNanos = nanoTime.getAsLong() + options.connectionsMaxReauth().toNanos();
      state = State.AUTHENTICATED;
      exchange = null;
      return new SaslReply<>(response(NONE, null, challenge, lifetimeMs), false);
    } catch (SaslAuthenticationException e) {
      state = State.FAILED;
      exchange = null;
      return new SaslReply<>(response(SASL_AUTHENTICATION_FAILED, e.clientMessage(), new byte[0], 0), true);
    }
  }

  private static SaslAuthenticateWire.Response response(short errorCode, String message, byte[] authBytes, long lifetimeMs) {
    return new SaslAuthenticateWire.Response(errorCode, message, authBytes, lifetimeMs);
  }

  /** True once the client authenticated (and while a re-authentication runs). */
  public boolean authenticated() {
    return principal != null && state != State.FAILED;
  }

  /** The authenticated principal, once there is one; it stays the same across re-authentications. */
  public Optional<KafkaPrincipal> principal() {
    return Optional.ofNullable(principal);
  }

  /** The mechanism the client chose, once the handshake is done. */
  public Optional<String> mechanism() {
    return Optional.ofNullable(mechanism);
  }

  /** When the session expires ({@link System#nanoTime()} scale), if {@code connections.max.reauth.ms} is set. */
  public OptionalLong sessionExpiresAtNanos() {
    return sessionExpires && principal != null ? OptionalLong.of(sessionExpiresAtNanos) : OptionalLong.empty();
  }

  private boolean sessionExpired() {
    return sessionExpires && nanoTime.getAsLong() - sessionExpiresAtNanos > 0;
  }
}
