package io.kwire.bench;

import java.util.function.Supplier;

/**
 * Run by run.sh before any timing: every workload must give identical bytes from both libraries
 * (each benchmark's set-up checks its own again). Prints each workload's body and frame sizes.
 */
public final class VerifyWorkloads {
  private VerifyWorkloads() {}

  public static void main(String[] args) {
    int failed = 0;
    for (Supplier<Workload<?>> s : Workloads.all()) {
      Workload<?> w = s.get();
      try {
        w.verify();
        System.out.printf("same bytes\t%s\t%d\t%d%n", w.name(), w.kwireBody().length, w.kwireFrame().length);
      } catch (RuntimeException e) {
        failed++;
        System.out.println("DIFFERENT\t" + w.name() + "\t" + e.getMessage());
      }
    }
    if (failed > 0) {
      System.exit(1);
    }
  }
}
