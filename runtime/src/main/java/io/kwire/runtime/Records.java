package io.kwire.runtime;

import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatches;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The value of a {@code records} field: a zero-copy view over record-batch bytes. Decoding hands
 * out a view into the input array (so the input must not be changed while the view is in use);
 * encoding copies the viewed bytes once into the output.
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

  /** The batches in these bytes, read in place with {@link ReadOptions#DEFAULT}; nothing is copied. */
  public RecordBatches batches() {
    return RecordBatches.of(this);
  }

  /** The batches in these bytes, read in place; nothing is copied for uncompressed batches. */
  public RecordBatches batches(ReadOptions options) {
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
