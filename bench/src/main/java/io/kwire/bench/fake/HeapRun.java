package io.kwire.bench.fake;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.fake.FakeCluster;
import java.util.Locale;

/**
 * Child JVM (started with -Xmx of the harness's choosing): the fake or the broker in this JVM, the
 * e2e-like workload against it once, and one RESULT line: whether it completed, the peak heap used
 * and the most live after a collection.
 */
final class HeapRun {
  private HeapRun() {}

  static void run(String target) {
    HeapWatch watch = new HeapWatch();
    long maxHeap = Runtime.getRuntime().maxMemory();
    String outcome = "ok";
    double wall = Double.NaN;
    try {
      if (target.equals("fake")) {
        try (FakeCluster cluster = FakeCluster.start()) {
          wall = E2eWorkload.run(cluster.bootstrapServers(), "heap");
        }
      } else {
        EmbeddedKafka kafka = EmbeddedKafka.shared();
        wall = E2eWorkload.run(kafka.bootstrapServers(), "heap");
      }
    } catch (Throwable e) { // an OutOfMemoryError is the answer this run looks for, not a crash
      Throwable cause = E2eWorkload.cause(e);
      outcome = "FAILED:" + cause.getClass().getSimpleName();
      System.out.println("heap run failed: " + cause + (cause.getCause() == null ? "" : "; " + cause.getCause()));
    }
    System.out.printf(Locale.ROOT, "RESULT heap outcome=%s peakUsedMb=%.1f peakLiveMb=%.1f gcs=%d maxHeapMb=%.0f wallMs=%.0f%n",
        outcome, watch.peakUsedBytes() / 1048576.0, watch.peakLiveBytes() / 1048576.0, watch.collections(),
        maxHeap / 1048576.0, wall);
    System.out.flush();
    if (target.equals("kafka")) {
      EmbeddedKafka.shared().close();
    }
    System.exit(0);
  }

  record Result(String outcome, double peakUsedMb, double peakLiveMb, long gcs, double wallMs) {
    static Result parse(String line) {
      return new Result(ChildJvm.field(line, "outcome"), Double.parseDouble(ChildJvm.field(line, "peakUsedMb")),
          Double.parseDouble(ChildJvm.field(line, "peakLiveMb")), Long.parseLong(ChildJvm.field(line, "gcs")),
          Double.parseDouble(ChildJvm.field(line, "wallMs")));
    }

    boolean ok() {
      return outcome.equals("ok");
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%s, peak used %.1f MB, max live after GC %.1f MB, %d collections, workload %.0f ms",
          outcome, peakUsedMb, peakLiveMb, gcs, wallMs);
    }
  }
}
