package io.kwire.bench;

import io.kwire.runtime.wire.WireWriter;
import java.nio.ByteBuffer;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * Bodies and whole frames (size prefix, header, body): kwire's {@code Frames} against what Kafka's
 * network layer does with its header and message classes.
 *
 * @param <T> kwire's record type
 */
public abstract class FrameBenchmark<T> extends BodyBenchmark<T> {
  private byte[] frame;
  private WireWriter frameOut;
  private ByteBuffer kafkaFrameOut;

  @Setup
  public void setUpFrames() {
    frame = w.kwireFrame();
    frameOut = new WireWriter(frame.length);
    kafkaFrameOut = ByteBuffer.allocate(frame.length);
  }

  @Benchmark
  public int frameEncodeKwire() {
    frameOut.reset();
    w.writeKwireFrame(frameOut);
    return frameOut.position();
  }

  @Benchmark
  public int frameEncodeKafka() {
    return w.writeKafkaFrame(kafkaFrameOut, new ObjectSerializationCache());
  }

  @Benchmark
  public Object frameDecodeKwire() {
    return w.decodeKwireFrame(frame);
  }

  @Benchmark
  public Object frameDecodeKafka() {
    return w.decodeKafkaFrame(frame);
  }
}
