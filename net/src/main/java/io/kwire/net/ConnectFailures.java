package io.kwire.net;

import java.net.InetSocketAddress;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * A failed connect in one line that says why: "cannot connect to 127.0.0.1:1: Connection refused",
 * the socket's own reason rather than the exceptions that carried it.
 */
final class ConnectFailures {
  private ConnectFailures() {}

  /** The TCP connect to {@code address} failed with {@code cause}. */
  static KwireConnectionException of(InetSocketAddress address, Throwable cause) {
    return new KwireConnectionException("cannot connect to " + name(address) + ": " + reason(cause, address), cause,
        kind(cause));
  }

  /** The kind of failure, read from the transport's exceptions here, the one place that knows them. */
  static KwireConnectionException.ConnectFailure kind(Throwable cause) {
    if (SocketErrors.isOutOfFileDescriptors(cause)) {
      return KwireConnectionException.ConnectFailure.OUT_OF_FILE_DESCRIPTORS;
    }
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof io.netty.channel.ConnectTimeoutException || t instanceof java.net.SocketTimeoutException) {
        return KwireConnectionException.ConnectFailure.TIMED_OUT;
      }
      if (t instanceof java.net.ConnectException && t.getMessage() != null && t.getMessage().contains("refused")) {
        return KwireConnectionException.ConnectFailure.REFUSED;
      }
    }
    return KwireConnectionException.ConnectFailure.OTHER;
  }

  /**
   * What {@link KwireClient.Builder#connect} throws for a failed {@code connectAsync}: a connection
   * failure keeps its words (this thread's stack is added by a new exception); another (the
   * connection closed during ApiVersions, authentication refused) is named after the connect.
   */
  static KwireConnectionException blocking(InetSocketAddress address, ExecutionException failed) {
    Throwable cause = failed.getCause() instanceof CompletionException c && c.getCause() != null
        ? c.getCause() : failed.getCause();
    String prefix = "cannot connect to " + name(address) + ": ";
    if (cause instanceof KwireConnectionException connection && connection.getMessage().startsWith(prefix)) {
      return new KwireConnectionException(connection.getMessage(), connection,
          connection.connectFailure().orElse(null));
    }
    String message = cause.getMessage();
    return new KwireConnectionException(prefix + (message != null ? message : cause.getClass().getSimpleName()), cause);
  }

  static String name(InetSocketAddress address) {
    return address.getHostString() + ":" + address.getPort();
  }

  /** The innermost message (Netty adds ": /127.0.0.1:1" to the JDK's, which the line names already). */
  private static String reason(Throwable cause, InetSocketAddress address) {
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String message = root.getMessage();
    if (message == null || message.isBlank()) {
      return root.getClass().getSimpleName();
    }
    int annotation = message.lastIndexOf(": /");
    if (annotation > 0 && message.endsWith(":" + address.getPort())) {
      message = message.substring(0, annotation);
    }
    return message;
  }
}
