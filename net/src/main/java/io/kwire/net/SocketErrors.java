package io.kwire.net;

/**
 * Tells apart the socket failures that need their own words: running out of file descriptors
 * (EMFILE, "Too many open files"; ENFILE, "Too many open files in system") is the process's or the
 * machine's limit, not a broker refusing or a client misbehaving.
 */
public final class SocketErrors {
  private SocketErrors() {}

  /** Whether {@code failure}, or any of its causes, is EMFILE or ENFILE. */
  public static boolean isOutOfFileDescriptors(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = t.getMessage();
      if (t instanceof java.io.IOException && message != null && message.contains("Too many open files")) {
        return true;
      }
    }
    return false;
  }

  /** The words for an out-of-file-descriptors failure. */
  public static String outOfFileDescriptors(String doing) {
    return "out of file descriptors (EMFILE/ENFILE: too many open files) " + doing
        + "; raise the limit (ulimit -n) or lower the connections";
  }
}
