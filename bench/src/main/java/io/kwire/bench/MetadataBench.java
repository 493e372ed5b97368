package io.kwire.bench;

import io.kwire.bench.handwritten.HandMetadataResponse;
import io.kwire.bench.handwritten.HandMetadataResponseCodec;
import io.kwire.bench.handwritten.HandVerification;
import io.kwire.bench.handwritten.HandWriter;
import io.kwire.messages.MetadataResponse;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/** {@link Workloads#metadata()}, and the hand-written reference codec on the same bytes. */
public class MetadataBench extends FrameBenchmark<MetadataResponse> {
  private HandMetadataResponse hand;
  private HandWriter handOut;

  @Override
  protected Workload<MetadataResponse> workload() {
    return Workloads.metadata();
  }

  @Setup
  public void setUpHand() {
    hand = HandVerification.metadata(w.message, body);
    handOut = new HandWriter(body.length);
  }

  /** The hand-written codec: the body written into a reused writer, one pass. */
  @Benchmark
  public int encodeHand() {
    handOut.reset();
    return HandMetadataResponseCodec.encode(hand, handOut);
  }

  @Benchmark
  public HandMetadataResponse decodeHand() {
    return HandMetadataResponseCodec.decode(body, 0, body.length);
  }
}
