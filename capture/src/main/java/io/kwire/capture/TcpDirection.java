package io.kwire.capture;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * One direction of a TCP connection, put back in order. Sequence numbers become 64-bit stream offsets
 * (relative to the first byte seen, wrap-around included). Retransmitted and duplicate bytes are
 * dropped; segments ahead of a hole are held (copied, counted against the connection's budget) until
 * the hole fills; a hole is taken as loss (reported, the sink told) when too many segments wait
 * behind it, when they would exceed the budget, or at the end. Bytes that differ from bytes already
 * held for the same offsets are reported; the first seen win.
 */
final class TcpDirection {
  private final StreamSink sink;
  private final Budget.Account account;
  private final CaptureLimits limits;
  private final IssueSink issues;
  private final String name;
  private final TreeMap<Long, Held> ahead = new TreeMap<>();
  private boolean started;
  private boolean midstream;
  private int baseSequence;
  private long next;
  private long finAt = -1;
  private long lost;
  private long retransmitted;

  private record Held(byte[] bytes, long timeNanos, Packet packet) {}

  TcpDirection(StreamSink sink, Budget.Account account, CaptureLimits limits, IssueSink issues, String name) {
    this.sink = sink;
    this.account = account;
    this.limits = limits;
    this.issues = issues;
    this.name = name;
  }

  /** Whether the stream's first byte was not captured (no SYN seen before data). */
  boolean midstream() {
    return midstream;
  }

  boolean lossy() {
    return lost > 0;
  }

  long lostBytes() {
    return lost;
  }

  long retransmitted() {
    return retransmitted;
  }

  /** Whether every byte up to the FIN was delivered. */
  boolean finished() {
    return finAt >= 0 && next >= finAt;
  }

  void accept(TcpSegment segment) {
    if (segment.has(TcpSegment.SYN)) {
      if (!started) {
        started = true;
        baseSequence = segment.sequence() + 1; // the SYN takes one sequence number
      }
      return; // data on a SYN (TCP fast open) is rare enough to leave out
    }
    int length = segment.payloadLength();
    if (!started) {
      if (length == 0 && !segment.has(TcpSegment.FIN)) {
        return;
      }
      started = true;
      midstream = true;
      baseSequence = segment.sequence();
    }
    long offset = next + (segment.sequence() - (int) (baseSequence + next));
    if (segment.has(TcpSegment.FIN)) {
      finAt = offset + length;
    }
    if (length == 0) {
      return;
    }
    long end = offset + length;
    if (end <= next) {
      retransmitted += length;
      return;
    }
    if (offset - next > limits.maxConnectionBytes()) {
      issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "segment " + (offset - next) + " bytes ahead of the "
          + "next expected byte, beyond any window kwire holds: dropped", segment.packet().fileOffset(),
          segment.packet().number(), name));
      return;
    }
    int skip = (int) Math.max(0, next - offset);
    if (skip > 0) {
      retransmitted += skip;
    }
    if (offset + skip == next) {
      sink.data(segment.bytes(), segment.payloadOffset() + skip, length - skip, segment.packet().timeNanos(),
          segment.packet());
      next = end;
      drain();
      return;
    }
    hold(segment, offset);
  }

  private void hold(TcpSegment segment, long offset) {
    int length = segment.payloadLength();
    byte[] bytes = Arrays.copyOfRange(segment.bytes(), segment.payloadOffset(), segment.payloadOffset() + length);
    if (conflicts(offset, bytes, segment.packet())) {
      return;
    }
    if (ahead.containsKey(offset) && ahead.get(offset).bytes().length >= length) {
      retransmitted += length;
      return;
    }
    long cost = length + Budget.PIECE_OVERHEAD;
    while (ahead.size() >= limits.maxOutOfOrderSegments() || !account.reserve(cost)) {
      if (ahead.isEmpty()) {
        issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "no room to hold an out-of-order segment of "
            + length + " bytes (" + (account.totalIsTheLimit(cost) ? "all connections'" : "this connection's")
            + " buffer limit): dropped", segment.packet().fileOffset(), segment.packet().number(), name));
        return;
      }
      skipHole(segment.packet());
      if (offset <= next) { // the skipped hole reached this segment: it follows in order now
        if (offset + length > next) {
          int skip = (int) (next - offset);
          sink.data(bytes, skip, length - skip, segment.packet().timeNanos(), segment.packet());
          next = offset + length;
          drain();
        }
        return;
      }
    }
    Held previous = ahead.put(offset, new Held(bytes, segment.packet().timeNanos(), segment.packet()));
    if (previous != null) {
      account.release(previous.bytes().length + Budget.PIECE_OVERHEAD);
    }
  }

  /** Whether {@code bytes} at {@code offset} disagree with a held segment they overlap (reported if so). */
  private boolean conflicts(long offset, byte[] bytes, Packet packet) {
    Map.Entry<Long, Held> before = ahead.floorEntry(offset);
    Long from = before == null ? offset : before.getKey();
    for (Map.Entry<Long, Held> entry : ahead.tailMap(from, true).entrySet()) {
      long start = entry.getKey();
      if (start >= offset + bytes.length) {
        break;
      }
      byte[] held = entry.getValue().bytes();
      long overlapStart = Math.max(start, offset);
      long overlapEnd = Math.min(start + held.length, offset + bytes.length);
      for (long at = overlapStart; at < overlapEnd; at++) {
        if (held[(int) (at - start)] != bytes[(int) (at - offset)]) {
          issues.report(new CaptureIssue(CaptureIssue.Kind.CONFLICTING_OVERLAP, "segment overlaps bytes captured "
              + "before with different bytes (stream offset " + at + "): the first bytes are kept",
              packet.fileOffset(), packet.number(), name));
          return true;
        }
      }
    }
    return false;
  }

  /** Delivers what now follows in order. */
  private void drain() {
    while (!ahead.isEmpty()) {
      Map.Entry<Long, Held> first = ahead.firstEntry();
      long offset = first.getKey();
      if (offset > next) {
        return;
      }
      ahead.pollFirstEntry();
      Held held = first.getValue();
      account.release(held.bytes().length + Budget.PIECE_OVERHEAD);
      long end = offset + held.bytes().length;
      if (end <= next) {
        retransmitted += held.bytes().length;
        continue;
      }
      int skip = (int) (next - offset);
      sink.data(held.bytes(), skip, held.bytes().length - skip, held.timeNanos(), held.packet());
      next = end;
    }
  }

  /** Takes the hole before the first held segment as lost, and delivers from there. */
  private void skipHole(Packet packet) {
    long first = ahead.firstKey();
    long missing = first - next;
    lost += missing;
    issues.report(new CaptureIssue(CaptureIssue.Kind.LOSS, missing + " byte(s) at stream offset " + next
        + " were not captured: the connection is lossy from here", packet.fileOffset(), packet.number(), name));
    next = first;
    sink.gap(missing, packet);
    drain();
  }

  /**
   * The other direction acknowledged up to {@code sequence}: the peer has those bytes, so a hole
   * before a segment held at or below it will not be filled by this capture. Taken as loss now, rather
   * than when the buffer fills, so that what follows is decoded in step with the other direction.
   */
  void acknowledged(int sequence, Packet packet) {
    if (!started || ahead.isEmpty()) {
      return;
    }
    long acknowledged = next + (sequence - (int) (baseSequence + next));
    while (!ahead.isEmpty() && ahead.firstKey() > next && ahead.firstKey() <= acknowledged) {
      skipHole(packet);
    }
  }

  /** The end of the capture (or of the connection): every hole is loss, everything held is delivered. */
  void flush(Packet last) {
    while (!ahead.isEmpty()) {
      skipHole(last);
    }
  }

  /** Drops what is held without delivering it (the connection is evicted). */
  void discard() {
    for (Held held : ahead.values()) {
      account.release(held.bytes().length + Budget.PIECE_OVERHEAD);
    }
    ahead.clear();
  }
}
