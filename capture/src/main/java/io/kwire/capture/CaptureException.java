package io.kwire.capture;

/**
 * The one error a capture raises: the stream is not a capture kwire can read at all (its first bytes
 * are no pcap or pcapng header) or could not be read. Everything found inside a readable capture is
 * a {@link CaptureIssue} instead, reported as reading goes on.
 */
public final class CaptureException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient CaptureIssue issue;

  public CaptureException(CaptureIssue issue) {
    super(issue.toString());
    this.issue = issue;
  }

  /** What and where. */
  public CaptureIssue issue() {
    return issue;
  }
}
