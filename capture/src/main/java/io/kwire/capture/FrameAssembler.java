package io.kwire.capture;

import java.util.Arrays;

/**
 * Cuts one direction's reassembled bytes into Kafka frames (int32 size, then that many bytes). Until
 * it knows where a frame starts (a stream captured from its middle, or after lost bytes) it looks for
 * the first offset its {@link Boundary} shows to start a frame, dropping the bytes before it. A frame
 * larger than {@link CaptureLimits#maxFrameBytes} is reported and skipped by its size, unbuffered.
 * The bytes it holds are counted against the connection's budget.
 */
final class FrameAssembler implements StreamSink {
  /** What is at an offset of the buffered bytes. */
  enum Verdict {
    /** A whole frame that decodes starts here. */
    FRAME,
    /** No frame starts here. */
    NO,
    /** Perhaps: more bytes are needed to tell. */
    MORE
  }

  /** Tells whether a frame starts at an offset, and takes the frames. */
  interface Boundary {
    Verdict test(FrameAssembler from, byte[] bytes, int at, int available);

    void frame(FrameAssembler from, byte[] frame, long timeNanos, Packet packet);

    /** Bytes before the first frame found, or lost, were skipped: {@code why} says which. */
    void resynchronised(FrameAssembler from, long skipped, String why, Packet packet);

    /** Whether a frame of the connection decoded already (so that a bad size is news, not a sign of another protocol). */
    boolean carriesKafka();

    /** The connection's bytes are no Kafka frames: {@code why}. */
    void notKafka(String why, Packet packet);
  }

  private static final int INITIAL = 4096;
  /** The largest frame that may serve to find frame boundaries again: larger ones are not waited for. */
  static final int SYNC_WINDOW = 1 << 20;
  private static final int MAX_CANDIDATES = 32;

  private final Boundary boundary;
  private final Budget.Account account;
  private final CaptureLimits limits;
  private final IssueSink issues;
  private final String name;
  private byte[] buffer = new byte[0];
  private int start;
  private int end;
  private boolean synced;
  private long skipRemaining;
  private long dropped;
  private String syncReason;
  private long frames;
  private int scanned;
  private final int[] candidates = new int[MAX_CANDIDATES];
  private int candidateCount;

  FrameAssembler(Boundary boundary, Budget.Account account, CaptureLimits limits, IssueSink issues, String name,
      boolean synced) {
    this.boundary = boundary;
    this.account = account;
    this.limits = limits;
    this.issues = issues;
    this.name = name;
    this.synced = synced;
    this.syncReason = synced ? null : "the capture starts in the middle of the connection";
  }

  boolean synced() {
    return synced;
  }

  long frames() {
    return frames;
  }

  /** The stream started before the capture: look for the first frame. */
  void startsMidstream() {
    if (frames == 0 && start == end) {
      synced = false;
      syncReason = "the capture starts in the middle of the connection";
    }
  }

  @Override
  public void data(byte[] bytes, int offset, int length, long timeNanos, Packet packet) {
    while (length > 0 && skipRemaining > 0) {
      int skip = (int) Math.min(skipRemaining, length);
      skipRemaining -= skip;
      offset += skip;
      length -= skip;
    }
    if (length == 0) {
      return;
    }
    append(bytes, offset, length, packet);
    cut(timeNanos, packet);
  }

  @Override
  public void gap(long missing, Packet packet) {
    if (skipRemaining >= missing) {
      skipRemaining -= missing; // lost inside a frame being skipped anyway: still in step
      return;
    }
    dropped += end - start;
    clear();
    skipRemaining = 0;
    synced = false;
    syncReason = missing + " byte(s) were not captured";
  }

  private void append(byte[] bytes, int offset, int length, Packet packet) {
    if (end + length > buffer.length) {
      int held = end - start;
      int capacity = Math.max(INITIAL, Integer.highestOneBit(Math.max(1, held + length - 1)) << 1);
      if (capacity < held + length || !account.reserve((long) capacity - buffer.length)) {
        issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "no room for " + (held + length) + " bytes of a frame ("
            + (account.totalIsTheLimit(capacity - buffer.length) ? "all connections'" : "this connection's")
            + " buffer limit): the bytes held are dropped", packet.fileOffset(), packet.number(), name));
        dropped += held;
        discard();
        synced = false;
        syncReason = "bytes were dropped at a buffer limit";
        if (length > limits.maxPacketBytes() || !account.reserve(INITIAL + length)) {
          return;
        }
        buffer = new byte[INITIAL + length];
      } else {
        byte[] grown = new byte[capacity];
        System.arraycopy(buffer, start, grown, 0, held);
        buffer = grown;
        start = 0;
        end = held;
      }
    }
    System.arraycopy(bytes, offset, buffer, end, length);
    end += length;
  }

  private void cut(long timeNanos, Packet packet) {
    while (true) {
      if (!synced && !findBoundary(packet)) {
        break;
      }
      int available = end - start;
      if (available < 4) {
        break;
      }
      int size = Bytes.i32(buffer, start);
      if ((size < 4 || size > limits.maxFrameBytes()) && !boundary.carriesKafka()) {
        boundary.notKafka("a first frame of " + size + " bytes", packet);
        return;
      }
      if (size < 4) {
        issues.report(new CaptureIssue(CaptureIssue.Kind.DECODE, "frame size " + size + " cannot be a Kafka frame's: "
            + "looking for the next frame", packet.fileOffset(), packet.number(), name));
        synced = false;
        syncReason = "a frame size of " + size;
        start++;
        dropped++;
        continue;
      }
      if (size > limits.maxFrameBytes()) {
        issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "frame of " + size + " bytes exceeds the "
            + limits.maxFrameBytes() + "-byte frame limit: skipped", packet.fileOffset(), packet.number(), name));
        skipRemaining = 4L + size - available;
        clear();
        break;
      }
      if (available < 4 + size) {
        break;
      }
      byte[] frame = Arrays.copyOfRange(buffer, start, start + 4 + size);
      start += 4 + size;
      frames++;
      boundary.frame(this, frame, timeNanos, packet);
    }
    compact();
  }

  /**
   * Looks for a frame start; true when found (bytes before it dropped), false when more bytes are
   * needed. Offsets already found not to start a frame are not tested again; those that might
   * ({@link Verdict#MORE}, at most {@value #MAX_CANDIDATES}, each claiming at most
   * {@value #SYNC_WINDOW} bytes) are tested again as bytes arrive, and the earliest offset shown to
   * start a frame wins, so that a false candidate cannot hold decoding up.
   */
  private boolean findBoundary(Packet packet) {
    for (int i = 0; i < candidateCount; i++) {
      Verdict verdict = boundary.test(this, buffer, start + candidates[i], end - start - candidates[i]);
      if (verdict == Verdict.FRAME) {
        return found(candidates[i], packet);
      }
      if (verdict == Verdict.NO) {
        System.arraycopy(candidates, i + 1, candidates, i, candidateCount - i - 1);
        candidateCount--;
        i--;
      }
    }
    int at = scanned;
    for (; end - start - at >= 8; at++) {
      Verdict verdict = boundary.test(this, buffer, start + at, end - start - at);
      if (verdict == Verdict.FRAME) {
        return found(at, packet);
      }
      if (verdict == Verdict.MORE && Bytes.i32(buffer, start + at) <= SYNC_WINDOW
          && candidateCount < MAX_CANDIDATES) {
        candidates[candidateCount++] = at;
      }
    }
    scanned = at;
    int keep = candidateCount == 0 ? scanned : Math.min(candidates[0], scanned);
    start += keep;
    dropped += keep;
    scanned -= keep;
    for (int i = 0; i < candidateCount; i++) {
      candidates[i] -= keep;
    }
    return false;
  }

  private boolean found(int at, Packet packet) {
    start += at;
    dropped += at;
    scanned = 0;
    candidateCount = 0;
    synced = true;
    boundary.resynchronised(this, dropped, syncReason, packet);
    dropped = 0;
    return true;
  }

  private void compact() {
    if (start == end) {
      clear();
    } else if (start > buffer.length / 2) {
      System.arraycopy(buffer, start, buffer, 0, end - start);
      end -= start;
      start = 0;
    }
  }

  private void clear() {
    start = 0;
    end = 0;
    scanned = 0;
    candidateCount = 0;
    if (buffer.length > INITIAL) {
      account.release(buffer.length);
      buffer = new byte[0];
    }
  }

  /** Gives the buffer back (the connection ends). */
  void discard() {
    account.release(buffer.length);
    buffer = new byte[0];
    start = 0;
    end = 0;
    scanned = 0;
    candidateCount = 0;
  }

  String name() {
    return name;
  }
}
