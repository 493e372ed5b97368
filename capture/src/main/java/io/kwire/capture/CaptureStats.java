package io.kwire.capture;

import java.util.EnumMap;
import java.util.Map;

/**
 * Counts of one capture's reading, for a summary line and for tests of the memory bound: the bytes
 * held are those of kwire's own accounting ({@link CaptureLimits}), the peak the most held at once.
 */
public final class CaptureStats {
  long packets;
  long segments;
  long exchanges;
  long connections;
  long bytesHeld;
  long peakBytesHeld;
  private Map<CaptureIssue.Kind, Long> issues = new EnumMap<>(CaptureIssue.Kind.class);

  CaptureStats() {}

  void count(CaptureIssue issue) {
    issues.merge(issue.kind(), 1L, Long::sum);
  }

  /** Shares the issue counts of {@code counting}, which the reader's parts report into. */
  void adopt(CaptureStats counting) {
    this.issues = counting.issues;
  }

  public long packets() {
    return packets;
  }

  /** Packets that held a TCP segment. */
  public long segments() {
    return segments;
  }

  public long exchanges() {
    return exchanges;
  }

  /** TCP connections followed (those with data or a SYN; on {@code brokerPorts} when given). */
  public long connections() {
    return connections;
  }

  public long bytesHeld() {
    return bytesHeld;
  }

  public long peakBytesHeld() {
    return peakBytesHeld;
  }

  /** Issues reported, by kind. */
  public Map<CaptureIssue.Kind, Long> issues() {
    return Map.copyOf(issues);
  }

  public long issues(CaptureIssue.Kind kind) {
    return issues.getOrDefault(kind, 0L);
  }
}
