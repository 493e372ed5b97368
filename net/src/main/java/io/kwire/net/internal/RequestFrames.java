package io.kwire.net.internal;

import io.kwire.runtime.wire.WireWriter;

/** The parts of a hand-written frame: the size prefix, patched at the end, and a request header v1 or v2. */
final class RequestFrames {
  private RequestFrames() {}

  /** The size placeholder and the request header at {@code headerVersion} (1, or 2 with an empty tag section). */
  static void writeHeader(WireWriter out, short apiKey, short version, int correlationId, String clientId,
      short headerVersion) {
    out.writeInt32(0);
    out.writeInt16(apiKey);
    out.writeInt16(version);
    out.writeInt32(correlationId);
    out.writeString(clientId);
    if (headerVersion >= 2) {
      out.writeUnsignedVarint(0);
    }
  }

  /** Patches the size prefix and returns the frame. */
  static byte[] finish(WireWriter out) {
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }
}
