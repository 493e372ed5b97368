package io.kwire.net.sasl;

import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;

/**
 * The parts of a hand-written SASL frame: the size prefix, patched at the end, and a request header v1
 * or v2, written and skipped.
 */
final class SaslFrames {
  private SaslFrames() {}

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

  /** A reader positioned after the size prefix and the request header of {@code frame} at {@code headerVersion}. */
  static WireReader afterHeader(byte[] frame, short headerVersion, DecodeOptions options) {
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    RequestHeaderCodec.INSTANCE.read(in, headerVersion);
    return in;
  }

  /** Patches the size prefix and returns the frame. */
  static byte[] finish(WireWriter out) {
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }
}
