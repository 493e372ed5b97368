package io.kwire.bridge;

/** A record set the bridge cannot carry into the other format; the message says why, for the log. */
final class UnconvertibleRecordsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UnconvertibleRecordsException(String message) {
    super(message);
  }
}
