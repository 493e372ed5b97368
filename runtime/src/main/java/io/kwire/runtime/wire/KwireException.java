package io.kwire.runtime.wire;

/** The root of kwire's exceptions: every failure kwire reports on purpose is one of its subclasses. */
public abstract sealed class KwireException extends RuntimeException
    permits KwireProtocolException, KwireEncodeException, CodecClashException, UnknownApiException {
  private static final long serialVersionUID = 1L;

  KwireException(String message) {
    super(message);
  }

  KwireException(String message, Throwable cause) {
    super(message, cause);
  }
}
