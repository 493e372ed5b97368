package io.kwire.net;

/**
 * A client connection failed or closed: the server closed it, a response did not match its
 * request's correlation id, or the client was closed. Every request pending on the connection fails
 * with it.
 */
public final class KwireConnectionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * Why a TCP connect failed, so that a caller (the proxy's event lines) need not look for the
   * transport's exceptions in the cause chain.
   */
  public enum ConnectFailure {
    /** The peer answered with a reset: nothing listens there. */
    REFUSED,
    /** No answer within the connect timeout (a peer that drops connection attempts). */
    TIMED_OUT,
    /** This process is out of file descriptors: not the peer's doing. */
    OUT_OF_FILE_DESCRIPTORS,
    /** Anything else (no route, an unresolved host...). */
    OTHER
  }

  private final ConnectFailure connectFailure;

  public KwireConnectionException(String message) {
    this(message, null, null);
  }

  public KwireConnectionException(String message, Throwable cause) {
    this(message, cause, null);
  }

  /** A failed connect, with why: {@link #connectFailure()}. */
  public KwireConnectionException(String message, Throwable cause, ConnectFailure connectFailure) {
    super(message, cause);
    this.connectFailure = connectFailure;
  }

  /** Why the connect failed, or empty when this is not a failed connect (a connection that broke later). */
  public java.util.Optional<ConnectFailure> connectFailure() {
    return java.util.Optional.ofNullable(connectFailure);
  }
}
