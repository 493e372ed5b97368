package io.kwire.capture;

/**
 * What a capture may make kwire hold, so that memory does not grow with the capture's length or with
 * what its bytes claim. Everything kwire keeps between packets (out-of-order segments, a frame being
 * assembled, requests waiting for their response) is counted against {@link #maxBufferedBytes} in
 * total and {@link #maxConnectionBytes} per connection; what would exceed a limit is reported as a
 * {@link CaptureIssue.Kind#LIMIT} and dropped, and reading goes on.
 *
 * @param maxPacketBytes the largest packet (or pcapng block) read; larger ones are skipped
 * @param maxFrameBytes the largest Kafka frame decoded; a larger one is skipped on its connection
 * @param maxConnectionBytes bytes one connection may hold (both directions, pending requests included)
 * @param maxBufferedBytes bytes all connections together may hold
 * @param maxConnections connections followed at once; the least recently active one is evicted beyond
 * @param maxOutOfOrderSegments segments held ahead of a hole in one direction before the hole is taken as loss
 * @param maxInFlightRequests requests per connection waiting for their response; the oldest is dropped beyond
 * @param idleNanos capture time after which a silent connection is evicted
 */
public record CaptureLimits(int maxPacketBytes, int maxFrameBytes, long maxConnectionBytes, long maxBufferedBytes,
    int maxConnections, int maxOutOfOrderSegments, int maxInFlightRequests, long idleNanos) {
  /** 256 KiB packets, 64 MiB frames and connections, 256 MiB in all, 4096 connections, 10 idle minutes. */
  public static final CaptureLimits DEFAULT = new CaptureLimits(256 << 10, 64 << 20, 64L << 20, 256L << 20, 4096, 1024,
      1024, 600_000_000_000L);

  public CaptureLimits {
    if (maxPacketBytes < 64 || maxFrameBytes < 16 || maxConnectionBytes < maxPacketBytes
        || maxBufferedBytes < maxConnectionBytes || maxConnections < 1 || maxOutOfOrderSegments < 1
        || maxInFlightRequests < 1 || idleNanos < 1) {
      throw new IllegalArgumentException("limits out of range: " + CaptureLimits.class.getSimpleName()
          + "[maxPacketBytes >= 64, maxFrameBytes >= 16, maxConnectionBytes >= maxPacketBytes, "
          + "maxBufferedBytes >= maxConnectionBytes, the rest >= 1]");
    }
  }

  /** These limits with {@code bytes} per connection and {@code total} in all (frames capped at the former). */
  public CaptureLimits withBufferedBytes(long bytes, long total) {
    return new CaptureLimits(maxPacketBytes, (int) Math.min(maxFrameBytes, bytes), bytes, total, maxConnections,
        maxOutOfOrderSegments, maxInFlightRequests, idleNanos);
  }

  /** These limits with at most {@code connections} followed at once. */
  public CaptureLimits withMaxConnections(int connections) {
    return new CaptureLimits(maxPacketBytes, maxFrameBytes, maxConnectionBytes, maxBufferedBytes, connections,
        maxOutOfOrderSegments, maxInFlightRequests, idleNanos);
  }
}
