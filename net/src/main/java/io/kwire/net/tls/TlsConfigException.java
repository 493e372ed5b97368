package io.kwire.net.tls;

/** A TLS setting cannot be used: a key store that does not open, a PEM file that does not parse, and the like. */
public final class TlsConfigException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TlsConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
