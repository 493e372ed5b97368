package io.kwire.runtime.wire;

import java.util.Arrays;
import java.util.HexFormat;

/** A tagged field that the reading version of a record did not know: its tag and its raw bytes. */
public record RawTaggedField(int tag, byte[] data) {
  public RawTaggedField {
    if (tag < 0) {
      throw new IllegalArgumentException("tag must be 0 or more, was " + tag);
    }
    if (data == null) {
      throw new IllegalArgumentException("data must not be null");
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RawTaggedField other && tag == other.tag && Arrays.equals(data, other.data);
  }

  @Override
  public int hashCode() {
    return 31 * tag + Arrays.hashCode(data);
  }

  @Override
  public String toString() {
    return "RawTaggedField[tag=" + tag + ", data=" + HexFormat.of().formatHex(data) + "]";
  }
}
