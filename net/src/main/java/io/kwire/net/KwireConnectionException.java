package io.kwire.net;

/**
 * A client connection failed or closed: the server closed it, a response did not match its
 * request's correlation id, or the client was closed. Every request pending on the connection fails
 * with it.
 */
public final class KwireConnectionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public KwireConnectionException(String message) {
    super(message);
  }

  public KwireConnectionException(String message, Throwable cause) {
    super(message, cause);
  }
}
