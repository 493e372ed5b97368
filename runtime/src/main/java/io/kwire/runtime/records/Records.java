package io.kwire.runtime.records;

import io.kwire.runtime.wire.KwireEncodeException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A record set, the value of a {@code records} field: a zero-copy view over record-batch bytes.
 * Decoding hands out a view into the input array (so the input must not be changed while the view
 * is in use); encoding copies the viewed bytes once into the output. {@link #batches()} reads the
 * batches in place; {@link #concat} joins sets, as a partition's {@code records} holds several
 * batches back to back (a Fetch response serving a range of the log, a producer draining batches).
 */
public final class Records {
  public static final Records EMPTY = new Records(new byte[0], 0, 0);

  private final byte[] array;
  private final int offset;
  private final int length;

  private Records(byte[] array, int offset, int length) {
    this.array = array;
    this.offset = offset;
    this.length = length;
  }

  /** A view over all of {@code bytes}; no copy is made. */
  public static Records wrap(byte[] bytes) {
    return new Records(bytes, 0, bytes.length);
  }

  /** A view over {@code length} bytes of {@code bytes} from {@code offset}; no copy is made. */
  public static Records wrap(byte[] bytes, int offset, int length) {
    if (offset < 0 || length < 0 || offset > bytes.length - length) {
      throw new IndexOutOfBoundsException(
          "range [" + offset + ", " + offset + "+" + length + ") outside an array of " + bytes.length);
    }
    return new Records(bytes, offset, length);
  }

  /** The parts' bytes in order, copied once into one array. */
  public static Records concat(Records... parts) {
    return concat(List.of(parts));
  }

  /** The parts' bytes in order, copied once into one array; an empty list gives {@link #EMPTY}. */
  public static Records concat(List<Records> parts) {
    long total = 0;
    for (Records part : parts) {
      total += Objects.requireNonNull(part, "record set part").sizeInBytes();
    }
    if (total > Integer.MAX_VALUE) {
      throw new KwireEncodeException("record sets of " + total + " bytes in all exceed the largest array");
    }
    if (total == 0) {
      return EMPTY;
    }
    byte[] joined = new byte[(int) total];
    int at = 0;
    for (Records part : parts) {
      System.arraycopy(part.array, part.offset, joined, at, part.length);
      at += part.length;
    }
    return wrap(joined);
  }

  public int sizeInBytes() {
    return length;
  }

  /** The backing array; the view's bytes start at {@link #arrayOffset()}. */
  public byte[] array() {
    return array;
  }

  public int arrayOffset() {
    return offset;
  }

  /** A read-only buffer over the viewed bytes. */
  public ByteBuffer asByteBuffer() {
    return ByteBuffer.wrap(array, offset, length).slice().asReadOnlyBuffer();
  }

  /**
   * The batches in these bytes (magic 0, 1 and 2 may be mixed, as Kafka allows), read in place with
   * {@link ReadOptions#DEFAULT}; nothing is copied. Each batch's size is checked against the bytes
   * present, and its CRC verified, before it is handed out.
   */
  public Iterable<RecordBatch> batches() {
    return RecordBatches.of(this);
  }

  /** The batches in these bytes, read in place; nothing is copied for uncompressed batches. */
  public Iterable<RecordBatch> batches(ReadOptions options) {
    return RecordBatches.of(this, options);
  }

  public byte[] toByteArray() {
    return Arrays.copyOfRange(array, offset, offset + length);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Records other
        && Arrays.equals(array, offset, offset + length, other.array, other.offset, other.offset + other.length);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = offset; i < offset + length; i++) {
      h = 31 * h + array[i];
    }
    return h;
  }

  @Override
  public String toString() {
    return "Records[" + length + " bytes]";
  }
}
