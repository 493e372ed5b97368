package io.kwire.runtime;

import io.kwire.runtime.wire.WireWriter;

/**
 * The per-thread writer behind {@link MessageCodec#encode} and {@link Frames#encodeRequest}: a message is
 * written once into a warm buffer that the thread reuses, then copied out at its exact size. That is
 * one write and one copy, where sizing first walks every struct and string twice (on Metadata the
 * size pass costs about 40 % of a write, and a copy of the same bytes about 4 %).
 *
 * <p>What a thread keeps is bounded: nothing until its second encode (a thread that encodes once,
 * such as a short-lived virtual thread, only sizes first), then one writer of at most
 * {@link #RETAINED_CAPACITY} bytes. A message that grows the writer past that is still encoded through
 * it, and the writer is then dropped: messages are sized first until one fits again. An encode
 * started while the thread's writer is in use (a hand-written codec that encodes inside its own
 * {@code write}) sizes first too.
 */
final class EncodeScratch {
  /** The largest buffer a thread keeps between encodes: Kafka's default {@code max.request.size}. */
  static final int RETAINED_CAPACITY = 1 << 20;
  private static final int INITIAL_CAPACITY = 4 << 10;
  private static final ThreadLocal<EncodeScratch> PER_THREAD = ThreadLocal.withInitial(EncodeScratch::new);

  /** Null until the thread's second encode of at most {@link #RETAINED_CAPACITY} bytes. */
  private WireWriter writer;
  private boolean encodedBefore;
  private boolean lent;

  private EncodeScratch() {}

  static EncodeScratch forThisThread() {
    return PER_THREAD.get();
  }

  /**
   * The thread's writer, reset, to be handed back with {@link #giveBack}; or null, and the caller
   * sizes first and writes into {@link #exactWriter}.
   */
  WireWriter lend() {
    WireWriter out = writer;
    if (out == null || lent) {
      return null;
    }
    lent = true;
    out.reset();
    return out;
  }

  void giveBack(WireWriter out) {
    lent = false;
    if (out.buffer().length > RETAINED_CAPACITY) {
      writer = null; // too large to keep: messages are sized first until one fits again
    }
  }

  /**
   * A writer of exactly {@code size} bytes, for a caller that sized first. A thread's second message
   * of at most {@link #RETAINED_CAPACITY} bytes also brings its scratch writer, for the messages after.
   */
  WireWriter exactWriter(int size) {
    if (!lent && size <= RETAINED_CAPACITY) {
      if (encodedBefore && writer == null) {
        writer = new WireWriter(Math.max(size, INITIAL_CAPACITY));
      }
      encodedBefore = true;
    }
    return new WireWriter(size);
  }

  /** An exact writer's array, without a copy when it is full (a hand-written size() may disagree with its write()). */
  static byte[] exactArray(WireWriter out) {
    byte[] bytes = out.buffer();
    return out.position() == bytes.length ? bytes : out.toByteArray();
  }
}
