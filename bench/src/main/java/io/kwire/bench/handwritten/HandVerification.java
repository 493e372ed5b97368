package io.kwire.bench.handwritten;

import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.MetadataResponse;
import java.util.Arrays;

/**
 * The checks made before the hand-written codec is timed: it writes kwire's body bytes (which the
 * workload has checked against Kafka's), reads them back to the converted message, re-encodes that
 * to the same bytes, and rejects a truncated body. Any failure throws {@link IllegalStateException}.
 */
public final class HandVerification {
  private interface Encoder<M> {
    int encode(M message, HandWriter out);
  }

  private interface Decoder<M> {
    M decode(byte[] b, int off, int len);
  }

  private HandVerification() {}

  /** The converted message, once checked against {@code body}, kwire's bytes for {@code kwire}. */
  public static HandMetadataResponse metadata(MetadataResponse kwire, byte[] body) {
    return verify("Metadata v13", HandConversions.metadata(kwire), body, HandMetadataResponseCodec::encode,
        HandMetadataResponseCodec::decode);
  }

  /** The converted message, once checked against {@code body}, kwire's bytes for {@code kwire}. */
  public static HandCreateTopicsRequest createTopics(CreateTopicsRequest kwire, byte[] body) {
    return verify("CreateTopics v7", HandConversions.createTopics(kwire), body, HandCreateTopicsRequestCodec::encode,
        HandCreateTopicsRequestCodec::decode);
  }

  /** Every shorter length of the body (sampled on long bodies) must be rejected. */
  public static void metadataRejectsTruncation(byte[] body) {
    rejectsTruncation("Metadata v13", body, HandMetadataResponseCodec::decode);
  }

  public static void createTopicsRejectsTruncation(byte[] body) {
    rejectsTruncation("CreateTopics v7", body, HandCreateTopicsRequestCodec::decode);
  }

  private static <M> M verify(String name, M message, byte[] body, Encoder<M> encoder, Decoder<M> decoder) {
    // A writer that starts small, so the growth path is checked too, and one already in use.
    HandWriter small = new HandWriter(16);
    requireSame(name, "hand-written encode", bytes(small, encoder.encode(message, small)), body);
    HandWriter reused = new HandWriter(body.length);
    for (int i = 0; i < 3; i++) {
      reused.reset();
      int end = encoder.encode(message, reused);
      requireSame(name, "hand-written encode into a reused writer", bytes(reused, end), body);
    }
    byte[] padded = new byte[body.length + 10];
    System.arraycopy(body, 0, padded, 7, body.length);
    M decoded = decoder.decode(padded, 7, body.length);
    if (!decoded.equals(message)) {
      throw new IllegalStateException(name + ": the hand-written decoder does not read kwire's bytes back to the message");
    }
    HandWriter again = new HandWriter(body.length);
    requireSame(name, "hand-written re-encoding of its decoded message", bytes(again, encoder.encode(decoded, again)), body);
    byte[] longer = Arrays.copyOf(body, body.length + 1);
    expectRejected(name, "a body with a byte left over", () -> decoder.decode(longer, 0, longer.length));
    return message;
  }

  private static <M> void rejectsTruncation(String name, byte[] body, Decoder<M> decoder) {
    int step = Math.max(1, body.length / 2000);
    for (int len = 0; len < body.length; len += len < 64 || body.length - len <= 64 ? 1 : step) {
      int n = len;
      expectRejected(name, "the body cut to " + n + " bytes", () -> decoder.decode(body, 0, n));
    }
  }

  private static void expectRejected(String name, String what, Runnable decode) {
    try {
      decode.run();
    } catch (HandDecodeException expected) {
      return;
    }
    throw new IllegalStateException(name + ": the hand-written decoder accepted " + what);
  }

  private static byte[] bytes(HandWriter out, int end) {
    if (end != out.position()) {
      throw new IllegalStateException("encode returned " + end + " but left the writer at " + out.position());
    }
    return out.toByteArray();
  }

  private static void requireSame(String name, String what, byte[] hand, byte[] kwire) {
    if (!Arrays.equals(hand, kwire)) {
      throw new IllegalStateException(name + ": " + what + " differs from kwire's body: " + hand.length + " bytes against "
          + kwire.length + ", first difference at byte " + Arrays.mismatch(hand, kwire));
    }
  }
}
