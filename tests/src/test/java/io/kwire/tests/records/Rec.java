package io.kwire.tests.records;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;

/**
 * A record as both sides see it, in a form that compares by value: bytes as hex, null kept.
 * Headers are "key=hex" strings ("key=null" for a null value).
 */
record Rec(long offset, long timestamp, int sequence, String key, String value, List<String> headers) {
  static String hex(byte[] b) {
    return b == null ? null : HexFormat.of().formatHex(b);
  }

  static String hex(ByteBuffer b) {
    if (b == null) {
      return null;
    }
    byte[] copy = new byte[b.remaining()];
    b.duplicate().get(copy);
    return hex(copy);
  }

  static String header(String key, byte[] value) {
    return key + "=" + hex(value);
  }
}
