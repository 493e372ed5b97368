package io.kwire.tests.generated;

/** The checker met Java it does not understand; it refuses rather than skip code it cannot see. */
final class CodecParseException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  final int line;

  CodecParseException(String message, int line) {
    super(message);
    this.line = line;
  }
}
