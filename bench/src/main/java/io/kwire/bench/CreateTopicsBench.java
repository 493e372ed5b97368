package io.kwire.bench;

import io.kwire.bench.handwritten.HandCreateTopicsRequest;
import io.kwire.bench.handwritten.HandCreateTopicsRequestCodec;
import io.kwire.bench.handwritten.HandVerification;
import io.kwire.bench.handwritten.HandWriter;
import io.kwire.messages.CreateTopicsRequest;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/** {@link Workloads#createTopics()}, and the hand-written reference codec on the same bytes. */
public class CreateTopicsBench extends FrameBenchmark<CreateTopicsRequest> {
  private HandCreateTopicsRequest hand;
  private HandWriter handOut;

  @Override
  protected Workload<CreateTopicsRequest> workload() {
    return Workloads.createTopics();
  }

  @Setup
  public void setUpHand() {
    hand = HandVerification.createTopics(w.message, body);
    handOut = new HandWriter(body.length);
  }

  /** The hand-written codec: the body written into a reused writer, one pass. */
  @Benchmark
  public int encodeHand() {
    handOut.reset();
    return HandCreateTopicsRequestCodec.encode(hand, handOut);
  }

  @Benchmark
  public HandCreateTopicsRequest decodeHand() {
    return HandCreateTopicsRequestCodec.decode(body, 0, body.length);
  }
}
