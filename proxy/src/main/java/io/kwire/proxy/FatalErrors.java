package io.kwire.proxy;

/**
 * An {@link Error} that reaches the end of a pipeline (Netty hands it to {@code exceptionCaught} as
 * any failure) goes to {@link ProxyConfig#fatal}: closing the one connection is not enough when the
 * JVM itself is failing.
 */
final class FatalErrors {
  private FatalErrors() {}

  /** Hands the {@link Error} in {@code cause}'s chain, if there is one, to the config's handler. */
  static void report(ProxyConfig config, Throwable cause) {
    if (config.fatal() == null) {
      return;
    }
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof Error error) {
        config.fatal().accept(error);
        return;
      }
    }
  }
}
