package io.kwire.capture;

/** Unsigned reads of either byte order from a byte array; the caller has checked the bounds. */
final class Bytes {
  private Bytes() {}

  static int u8(byte[] b, int at) {
    return b[at] & 0xFF;
  }

  static int u16(byte[] b, int at) {
    return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
  }

  static int u16(byte[] b, int at, boolean littleEndian) {
    return littleEndian ? ((b[at + 1] & 0xFF) << 8) | (b[at] & 0xFF) : u16(b, at);
  }

  static long u32(byte[] b, int at) {
    return ((long) (b[at] & 0xFF) << 24) | ((b[at + 1] & 0xFF) << 16) | ((b[at + 2] & 0xFF) << 8) | (b[at + 3] & 0xFF);
  }

  static long u32(byte[] b, int at, boolean littleEndian) {
    if (!littleEndian) {
      return u32(b, at);
    }
    return ((long) (b[at + 3] & 0xFF) << 24) | ((b[at + 2] & 0xFF) << 16) | ((b[at + 1] & 0xFF) << 8) | (b[at] & 0xFF);
  }

  static int i32(byte[] b, int at) {
    return (int) u32(b, at);
  }
}
