package io.kwire.bench.handwritten;

/** Bytes the hand-written decoders cannot read: truncated, a null where none is allowed, a bad length. */
public final class HandDecodeException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int offset;

  HandDecodeException(String reason, int offset) {
    super(reason + " at offset " + offset);
    this.offset = offset;
  }

  /** Where in the array the unreadable bytes start. */
  public int offset() {
    return offset;
  }
}
