package io.kwire.bench;

import io.kwire.messages.FetchResponse;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/** {@link Workloads#fetch()}. */
public class FetchBench extends FrameBenchmark<FetchResponse> {
  private byte[][] batchArrays;
  private int[] batchOffsets;
  private int[] batchLengths;
  private int[] bodyOffsets;
  private byte[] chunkedCopy;

  @Override
  protected Workload<FetchResponse> workload() {
    return Workloads.fetch();
  }

  /** Where each partition's record batch sits in the body, found by search (set-up only). */
  @Setup
  public void setUpChunks() {
    byte[] body = w.kwireBody();
    List<Records> batches = new ArrayList<>();
    for (FetchResponse.FetchableTopicResponse topic : w.message.responses()) {
      for (FetchResponse.PartitionData partition : topic.partitions()) {
        batches.add(partition.records());
      }
    }
    int n = batches.size();
    batchArrays = new byte[n][];
    batchOffsets = new int[n];
    batchLengths = new int[n];
    bodyOffsets = new int[n];
    int from = 0;
    for (int i = 0; i < n; i++) {
      Records r = batches.get(i);
      batchArrays[i] = r.array();
      batchOffsets[i] = r.arrayOffset();
      batchLengths[i] = r.sizeInBytes();
      int at = from;
      while (!Arrays.equals(body, at, at + r.sizeInBytes(), r.array(), r.arrayOffset(), r.arrayOffset() + r.sizeInBytes())) {
        at++;
      }
      bodyOffsets[i] = at;
      from = at + r.sizeInBytes();
    }
    chunkedCopy = new byte[body.length];
  }

  /**
   * The floor an encoder can reach: the same 80 batches copied from the same source arrays to the
   * same places in a reused array, one {@code System.arraycopy} each, and nothing else.
   */
  @Benchmark
  public byte[] chunkedCopyFloor() {
    for (int i = 0; i < batchArrays.length; i++) {
      System.arraycopy(batchArrays[i], batchOffsets[i], chunkedCopy, bodyOffsets[i], batchLengths[i]);
    }
    return chunkedCopy;
  }
}
