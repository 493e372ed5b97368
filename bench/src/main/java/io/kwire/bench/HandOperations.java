package io.kwire.bench;

import io.kwire.bench.handwritten.HandCreateTopicsRequest;
import io.kwire.bench.handwritten.HandCreateTopicsRequestCodec;
import io.kwire.bench.handwritten.HandMetadataResponse;
import io.kwire.bench.handwritten.HandMetadataResponseCodec;
import io.kwire.bench.handwritten.HandVerification;
import io.kwire.bench.handwritten.HandWriter;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.MetadataResponse;
import java.util.function.Consumer;

/** The hand-written codec's encode and decode as {@link CpuTimeAb} operations, on the two workloads it covers. */
final class HandOperations {
  private HandOperations() {}

  /** {@code encodeHand} or {@code decodeHand} on {@code w}, checked first; {@code sink} keeps a decode's result alive. */
  static Runnable of(Workload<?> w, String name, Consumer<Object> sink) {
    byte[] body = w.kwireBody();
    HandWriter out = new HandWriter(body.length);
    boolean encode = name.equals("encodeHand");
    if (w.message instanceof MetadataResponse m) {
      HandMetadataResponse hand = HandVerification.metadata(m, body);
      return encode ? () -> {
        out.reset();
        HandMetadataResponseCodec.encode(hand, out);
      } : () -> sink.accept(HandMetadataResponseCodec.decode(body, 0, body.length));
    }
    if (w.message instanceof CreateTopicsRequest m) {
      HandCreateTopicsRequest hand = HandVerification.createTopics(m, body);
      return encode ? () -> {
        out.reset();
        HandCreateTopicsRequestCodec.encode(hand, out);
      } : () -> sink.accept(HandCreateTopicsRequestCodec.decode(body, 0, body.length));
    }
    throw new IllegalArgumentException("the hand-written codec covers metadata and createTopics only, not " + w.name());
  }
}
