package io.kwire.bench;

import io.kwire.bench.handwritten.HandVerification;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.MetadataResponse;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Run by run.sh before any timing: every workload must give identical bytes from both libraries
 * (each benchmark's set-up checks its own again). Prints, per benchmark class, the
 * workload's name and its body and frame sizes (a tab-separated table that table.py reads). The
 * hand-written reference codec is checked on the two workloads it covers, truncated bodies included.
 */
public final class VerifyWorkloads {
  private VerifyWorkloads() {}

  public static void main(String[] args) {
    int failed = 0;
    for (Map.Entry<Class<?>, Supplier<Workload<?>>> e : Workloads.all().entrySet()) {
      String bench = e.getKey().getSimpleName();
      Workload<?> w = e.getValue().get();
      try {
        w.verify();
        verifyHandWritten(e.getKey(), w);
        System.out.printf("same\t%s\t%s\t%d\t%d%n", bench, w.name(), w.kwireBody().length, w.kwireFrame().length);
      } catch (RuntimeException x) {
        failed++;
        System.out.println("DIFFERENT\t" + bench + "\t" + w.name() + "\t" + x.getMessage());
      }
    }
    if (failed > 0) {
      System.exit(1);
    }
  }

  private static void verifyHandWritten(Class<?> bench, Workload<?> w) {
    if (bench == MetadataBench.class) {
      byte[] body = w.kwireBody();
      HandVerification.metadata((MetadataResponse) w.message, body);
      HandVerification.metadataRejectsTruncation(body);
    } else if (bench == CreateTopicsBench.class) {
      byte[] body = w.kwireBody();
      HandVerification.createTopics((CreateTopicsRequest) w.message, body);
      HandVerification.createTopicsRejectsTruncation(body);
    }
  }
}
