package io.kwire.proxy;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.TopLevelErrors;

/**
 * The top-level error code of a response frame read in place, without decoding it: where the
 * response's descriptor puts it after fixed-size fields alone ({@link TopLevelErrors#errorCodeOffset}:
 * ApiVersions, Fetch, the group, transaction and most admin APIs), the offset is known per API and
 * version, once. Errors that live per topic or partition (Produce, Metadata...) are not seen here.
 */
final class BrokerErrors {
  private static final int KEYS = 256;
  private static final int VERSIONS = 64;
  /** Per api key * VERSIONS + version: the body offset of the error code, or -1; the header version. */
  private final int[] offsets = new int[KEYS * VERSIONS];
  private final byte[] headerVersions = new byte[KEYS * VERSIONS];

  BrokerErrors(KwireRegistry registry) {
    java.util.Arrays.fill(offsets, -1);
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.type() != MessageType.RESPONSE || codec.apiKey() < 0 || codec.apiKey() >= KEYS) {
        continue;
      }
      var versions = codec.descriptor().validVersions();
      for (int v = versions.lowest(); v <= versions.highest() && v < VERSIONS; v++) {
        int slot = codec.apiKey() * VERSIONS + v;
        offsets[slot] = TopLevelErrors.errorCodeOffset(codec, (short) v);
        headerVersions[slot] = (byte) codec.headerVersion((short) v);
      }
    }
  }

  /** The top-level error code of the response {@code frame} (size prefix included), or 0 when none or not known. */
  short of(short apiKey, short version, byte[] frame) {
    if (apiKey < 0 || apiKey >= KEYS || version < 0 || version >= VERSIONS) {
      return 0;
    }
    int slot = apiKey * VERSIONS + version;
    int offset = offsets[slot];
    if (offset < 0) {
      return 0;
    }
    int at = 8; // size, correlation id
    if (headerVersions[slot] >= 1 && frame.length > at && frame[at] == 0) {
      at++; // no tagged fields in the header: the usual case, read without allocating
    } else if (headerVersions[slot] >= 1) { // the header's tagged fields: a count, then tag, size, bytes each
      long[] read = {at};
      long count = varint(frame, read);
      for (long i = 0; i < count && read[0] >= 0; i++) {
        varint(frame, read);
        long size = varint(frame, read);
        read[0] = read[0] < 0 || size < 0 ? -1 : read[0] + size;
      }
      if (read[0] < 0 || read[0] > frame.length) {
        return 0;
      }
      at = (int) read[0];
    }
    at += offset;
    return at + 2 > frame.length ? 0 : (short) (((frame[at] & 0xFF) << 8) | (frame[at + 1] & 0xFF));
  }

  /** An unsigned varint at {@code at[0]}, which moves past it; -1 (and at[0] -1) when it runs off the frame. */
  private static long varint(byte[] frame, long[] at) {
    long value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (at[0] < 0 || at[0] >= frame.length) {
        at[0] = -1;
        return -1;
      }
      byte b = frame[(int) at[0]++];
      value |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return value;
      }
    }
    at[0] = -1;
    return -1;
  }
}
