package io.kwire.tests.hostile;

import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.wire.WireWriter;
import io.kwire.tests.Hex;
import io.kwire.tests.differential.DeepEquals;

/**
 * What must hold for any message a decoder accepted, however odd its input: {@code size()} is the
 * number of bytes {@code write} produces, and those bytes decode to an equal message.
 */
final class RoundTrip {
  private RoundTrip() {}

  static <T> void check(MessageCodec<T> codec, short version, T decoded, byte[] input) {
    String where = codec.descriptor().name() + " v" + version + " decoded from " + Hex.of(input);
    int size = codec.size(decoded, version);
    WireWriter out = new WireWriter(16);
    codec.write(decoded, version, out);
    if (size != out.position()) {
      throw new AssertionError(where + ": size() says " + size + " but write produced " + out.position() + " byte(s)");
    }
    byte[] written = out.toByteArray();
    T again;
    try {
      again = codec.decode(written, version);
    } catch (RuntimeException e) {
      throw new AssertionError(where + ": its re-encoding " + Hex.of(written) + " does not decode", e);
    }
    String difference = DeepEquals.firstDifference(decoded, again);
    if (difference != null) {
      throw new AssertionError(where + ": re-decoding differs at " + difference);
    }
  }
}
