package io.kwire.cli;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.KafkaRelease;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "fake",
    description = {"Runs a Kafka cluster in this JVM (kwire-fake) that clients talk to as to Kafka.",
        "Prints one line with its bootstrap address once it accepts connections; runs until Ctrl-C or SIGTERM."
            + " Broker n listens on PORT+n (each on a free port when PORT is 0); docs/fake.md says what it supports."})
final class FakeCommand implements Runnable {
  @ParentCommand
  Kwire kwire;

  @Mixin
  HelpOption help;

  @Option(names = "--listen", required = true, paramLabel = "HOST:PORT",
      description = "Where the first broker listens; the others on the next ports (0: free ports).")
  String listen;

  @Option(names = "--brokers", paramLabel = "N", defaultValue = "1",
      description = "How many brokers (default: ${DEFAULT-VALUE}).")
  int brokers;

  @Option(names = "--emulate", paramLabel = "RELEASE",
      description = "Pass for a broker of this Kafka release (2.8, 3.0 ... 3.9, 4.0 ... 4.4): only its APIs, at"
          + " the versions both it and the fake have (default: the newest).")
  String emulate;

  @Option(names = "--control-stdin",
      description = "Read commands from stdin, one a line, each answered with one line on stdout (ok ... or"
          + " error ...): stop N, start N (broker N's port refuses connections, then serves again), add, remove N,"
          + " brokers; fail API CODE [TIMES], delay API MS, drop API [TIMES], hold API (each [on N]: broker N only),"
          + " release [ID], clear [ID], controls.")
  boolean controlStdin;

  @Mixin
  ConnectionLimitOptions limits = new ConnectionLimitOptions();

  @Override
  public void run() {
    CountDownLatch stop = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    // SIGTERM or Ctrl-C: the hook asks serve() to close the cluster and waits until it has.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stop.countDown();
      awaitQuietly(closed);
    }, "kwire-fake-shutdown"));
    try {
      serve(kwire.stdout(), controlStdin ? kwire.stdin() : null, stop);
    } finally {
      closed.countDown();
    }
  }

  /** Starts the cluster, prints its bootstrap line, and closes it once {@code stop} is counted down. */
  void serve(PrintStream out, CountDownLatch stop) {
    serve(out, null, stop);
  }

  /** As {@link #serve(PrintStream, CountDownLatch)}, answering control lines from {@code commands} if not null. */
  void serve(PrintStream out, InputStream commands, CountDownLatch stop) {
    try (FakeCluster cluster = start()) {
      out.println("kwire fake listening on " + cluster.bootstrapServers() + " (" + brokers + " broker"
          + (brokers == 1 ? "" : "s") + ", cluster id " + cluster.clusterId()
          + (emulate == null ? "" : ", as Kafka " + emulate) + ")");
      out.flush();
      if (commands != null) {
        Thread reader = new Thread(() -> new FakeControlLines(cluster, out).serve(commands), "kwire-fake-control");
        reader.setDaemon(true);
        reader.start();
      }
      awaitQuietly(stop);
    }
  }

  private FakeCluster start() {
    if (brokers < 1) {
      throw new UsageException("--brokers must be at least 1: " + brokers);
    }
    InetSocketAddress at = ProxyOptions.address("--listen", listen);
    FakeCluster.Builder builder = FakeCluster.builder().brokers(brokers).listen(at.getHostString(), at.getPort())
        .idleTimeout(limits.idleTimeout()).maxConnections(limits.maxConnections());
    if (emulate != null) {
      try {
        builder.emulate(KafkaRelease.of(emulate));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--emulate: " + e.getMessage());
      }
    }
    try {
      return builder.start();
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new UsageException("cannot start the fake cluster on " + listen + ": " + e.getMessage());
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
