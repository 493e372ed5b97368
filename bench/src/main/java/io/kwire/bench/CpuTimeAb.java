package io.kwire.bench;

import io.kwire.runtime.wire.WireWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.kafka.common.protocol.ByteBufferAccessor;
import org.apache.kafka.common.protocol.ObjectSerializationCache;

/**
 * Not JMH: one operation timed by the thread's CPU time, for before/after comparisons on a machine
 * so loaded that JMH's wall-clock intervals are as wide as the values (a descheduled thread uses no
 * CPU time). Warms up for the given CPU seconds, then runs rounds of ~100 ms of CPU and prints the
 * median. Usage: {@code CpuTimeAb metadata|offsetCommit|createTopics|fetch|heartbeat|produce|createPartitions|
 * createTopicsResponse|alterPartitionReassignments|addPartitionsToTxn
 * encode|encodeArray|decode|encodeKafka|decodeKafka [warm-up CPU seconds] [rounds]}; {@code
 * encodeHand|decodeHand} time the hand-written reference codec (metadata and createTopics only).
 */
public final class CpuTimeAb {
  private static volatile Object sink;

  private CpuTimeAb() {}

  public static void main(String[] args) {
    Workload<?> w = switch (args[0]) {
      case "metadata" -> Workloads.metadata();
      case "offsetCommit" -> Workloads.offsetCommit();
      case "createTopics" -> Workloads.createTopics();
      case "fetch" -> Workloads.fetch();
      case "heartbeat" -> Workloads.heartbeat();
      case "produce" -> Workloads.produce();
      case "createPartitions" -> Workloads.createPartitions();
      case "createTopicsResponse" -> Workloads.createTopicsResponse();
      case "alterPartitionReassignments" -> Workloads.alterPartitionReassignments();
      case "addPartitionsToTxn" -> Workloads.addPartitionsToTxn();
      default -> throw new IllegalArgumentException("unknown workload " + args[0]);
    };
    double warmUpSeconds = args.length > 2 ? Double.parseDouble(args[2]) : 4;
    int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 9;
    Runnable op = operation(w, args[1]);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long start = threads.getCurrentThreadCpuTime();
    while (threads.getCurrentThreadCpuTime() - start < warmUpSeconds * 1e9) {
      for (int i = 0; i < 1000; i++) {
        op.run();
      }
    }
    long t0 = threads.getCurrentThreadCpuTime();
    int perRound = 0;
    while (threads.getCurrentThreadCpuTime() - t0 < 100_000_000L) {
      op.run();
      perRound++;
    }
    double[] ns = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long c0 = threads.getCurrentThreadCpuTime();
      for (int i = 0; i < perRound; i++) {
        op.run();
      }
      ns[r] = (threads.getCurrentThreadCpuTime() - c0) / (double) perRound;
    }
    Arrays.sort(ns);
    System.out.printf("%s %s median %.1f (min %.1f, max %.1f) CPU ns/op%n", args[0], args[1], ns[rounds / 2], ns[0], ns[rounds - 1]);
  }

  private static <T> Runnable operation(Workload<T> w, String name) {
    byte[] body = w.kwireBody();
    WireWriter out = new WireWriter(body.length);
    ByteBuffer kafkaOut = ByteBuffer.allocate(body.length);
    return switch (name) {
      case "encode" -> () -> {
        out.reset();
        w.codec.write(w.message, w.version, out);
      };
      case "encodeArray" -> () -> sink = w.codec.encode(w.message, w.version);
      case "decode" -> () -> sink = w.codec.decode(body, w.version);
      case "encodeKafka" -> () -> {
        ObjectSerializationCache cache = new ObjectSerializationCache();
        w.kafka.size(cache, w.version);
        kafkaOut.clear();
        w.kafka.write(new ByteBufferAccessor(kafkaOut), cache, w.version);
      };
      case "decodeKafka" -> () -> sink = w.kafkaReader.read(new ByteBufferAccessor(ByteBuffer.wrap(body)), w.version);
      case "encodeHand", "decodeHand" -> HandOperations.of(w, name, x -> sink = x);
      default -> throw new IllegalArgumentException("unknown operation " + name);
    };
  }
}
