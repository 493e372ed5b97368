package io.kwire.bench;

import io.kwire.runtime.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.protocol.ApiMessage;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.protocol.ObjectSerializationCache;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Message bodies, kwire and Kafka side by side on one {@link Workload}. Each subclass names its
 * workload; JMH forks a JVM per benchmark, so every call site here sees one message type.
 *
 * @param <T> kwire's record type
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class BodyBenchmark<T> {
  protected Workload<T> w;
  private WireWriter out;
  private ByteBuffer kafkaOut;
  /** kwire's body bytes (checked against Kafka's), the input of every decode benchmark. */
  protected byte[] body;
  private byte[] copy;

  protected abstract Workload<T> workload();

  @Setup
  public void setUp() {
    w = workload();
    w.verify();
    body = w.kwireBody();
    copy = new byte[body.length];
    out = new WireWriter(body.length);
    kafkaOut = ByteBuffer.allocate(body.length);
  }

  /** kwire: the body written into a reused writer, as a proxy or client with a send buffer would. */
  @Benchmark
  public int encodeKwire() {
    out.reset();
    w.codec.write(w.message, w.version, out);
    return out.position();
  }

  /** Kafka: size (filling the serialization cache), then write into a reused buffer. */
  @Benchmark
  public int encodeKafka() {
    ObjectSerializationCache cache = new ObjectSerializationCache();
    w.kafka.size(cache, w.version);
    kafkaOut.clear();
    w.kafka.write(new ByteBufferAccessor(kafkaOut), cache, w.version);
    return kafkaOut.position();
  }

  /** kwire: {@code codec.encode}, a new array holding the body. */
  @Benchmark
  public byte[] encodeArrayKwire() {
    return w.codec.encode(w.message, w.version);
  }

  /** Kafka: {@code MessageUtil.toByteBufferAccessor}, a new buffer holding the body. */
  @Benchmark
  public ByteBuffer encodeArrayKafka() {
    return MessageUtil.toByteBufferAccessor(w.kafka, w.version).buffer();
  }

  @Benchmark
  public T decodeKwire() {
    return w.codec.decode(body, w.version);
  }

  @Benchmark
  public ApiMessage decodeKafka() {
    return w.kafkaReader.read(new ByteBufferAccessor(ByteBuffer.wrap(body)), w.version);
  }

  /**
   * The floor of an encode to a new array: the body's bytes copied into a new array of their size
   * ({@code Arrays.copyOf}, which does not zero the array first). For bodies of hundreds of KB this is
   * far above {@link #copyFloor}: every call writes memory that is not in the cache.
   */
  @Benchmark
  public byte[] copyToNewArrayFloor() {
    return Arrays.copyOf(body, body.length);
  }

  /** The floor: copying as many bytes as the body has, into a reused array. */
  @Benchmark
  public byte[] copyFloor() {
    System.arraycopy(body, 0, copy, 0, body.length);
    return copy;
  }
}
