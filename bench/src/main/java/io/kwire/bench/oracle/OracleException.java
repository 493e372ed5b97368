package io.kwire.bench.oracle;

/** Kafka refused something, or the oracle could not map a kwire value onto Kafka's classes. */
public final class OracleException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OracleException(String message, Throwable cause) {
    super(message, cause);
  }

  OracleException(String message) {
    super(message);
  }
}
