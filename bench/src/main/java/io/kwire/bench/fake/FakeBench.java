package io.kwire.bench.fake;

import static io.kwire.bench.fake.Samples.attempt;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * kwire-fake against an embedded Kafka 4.4.0 broker (e2e's EmbeddedKafka) on the same machine
 * (docs/fake.md, "Figures"; issue 20): (a) in-process start to a first answered request, (b) the
 * {@code kwire fake} process's start to its line, (c) an e2e-like workload's wall time, (d) producer
 * records/s with acks=all, (e) the heap the workload needs. Plain mains, not JMH: each measures a
 * start, a process or a closed loop over sockets. bench/fake-bench.sh runs it.
 *
 * <p>Modes: {@code all [KWIRE_JAR]} (everything, then the summary table), and the child processes
 * it starts: {@code kafka-start}, {@code heap fake|kafka}; {@code produce fake|kafka SECONDS} for
 * a profile of the producer run alone.
 */
public final class FakeBench {
  static final int WARM_STARTS = 20;
  static final int CLI_STARTS = 5;
  static final int KAFKA_STARTS = 3;
  static final int ROUNDS = 3;
  static final long PRODUCE_WARMUP_MS = 2_000;
  static final long PRODUCE_MEASURE_MS = 4_000;

  private FakeBench() {}

  public static void main(String[] args) throws Exception {
    String mode = args.length > 0 ? args[0] : "all";
    switch (mode) {
      case "all" -> all(args.length > 1 ? args[1] : "cli/target/kwire.jar");
      case "kafka-start" -> kafkaStart();
      case "heap" -> HeapRun.run(args[1]);
      case "produce" -> produceAlone(args[1], Long.parseLong(args[2]));
      default -> throw new IllegalArgumentException("no mode " + mode + ": all, kafka-start, heap fake|kafka, produce fake|kafka S");
    }
  }

  private static void all(String kwireJar) throws Exception {
    if (!Files.isRegularFile(Path.of(kwireJar))) {
      throw new IllegalArgumentException(kwireJar + " is missing: build cli (mvn -Pbench -pl bench -am package)");
    }
    Summary summary = new Summary();
    System.out.printf(Locale.ROOT, "kwire fake bench: %d cores, %s %s, load average %.2f%n",
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
        System.getProperty("java.version"), load());

    // (a) First, before anything else has loaded Netty or the codecs: the first start is a cold one.
    Samples fakeWarm = new Samples();
    double fakeCold = Double.NaN;
    for (int i = 0; i <= WARM_STARTS; i++) {
      long t0 = System.nanoTime();
      try (FakeCluster cluster = FakeCluster.start()) {
        FakeBroker broker = cluster.brokers().get(0);
        ApiVersionsProbe.answer(broker.host(), broker.port());
        double ms = (System.nanoTime() - t0) / 1e6;
        if (i == 0) {
          fakeCold = ms;
        } else {
          fakeWarm.add(ms);
        }
      }
    }
    System.out.printf(Locale.ROOT, "(a) fake in-process start to first ApiVersions answer: first in the JVM %.1f ms,"
        + " then %s ms%n", fakeCold, fakeWarm.describe("%.2f"));

    // (b) and the broker's starts, each in a fresh JVM: the child reports its in-process time too.
    Samples cli = new Samples();
    for (int i = 0; i < CLI_STARTS; i++) {
      List<String> command = List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", kwireJar,
          "fake", "--listen", "127.0.0.1:0");
      ChildJvm run = ChildJvm.run(command, line -> line.startsWith("kwire fake listening on"), true, 30);
      cli.add(run.millisToLine);
    }
    // What the JVM and the command line take before the fake starts: the same jar printing its help.
    Samples help = new Samples();
    for (int i = 0; i < CLI_STARTS; i++) {
      help.add(ChildJvm.millisToExit(List.of(ProcessHandle.current().info().command().orElse("java"), "-jar", kwireJar,
          "--help")));
    }
    System.out.printf(Locale.ROOT, "(b) kwire fake process start to its line: %s ms; kwire --help start to exit: %s ms%n",
        cli.describe("%.0f"), help.describe("%.0f"));
    Samples kafkaInJvm = new Samples();
    Samples kafkaProcess = new Samples();
    for (int i = 0; i < KAFKA_STARTS; i++) {
      ChildJvm run = ChildJvm.run(ChildJvm.java(List.of("-Xmx1g"), FakeBench.class.getName(), "kafka-start"),
          line -> line.startsWith("RESULT kafka-start"), false, 60);
      kafkaProcess.add(run.millisToLine);
      kafkaInJvm.add(Double.parseDouble(ChildJvm.field(run.line, "ms")));
    }
    System.out.printf(Locale.ROOT, "(a) Kafka broker in-process start to first ApiVersions answer (fresh JVM): %s ms%n"
        + "(b) Kafka broker process start to the same: %s ms%n", kafkaInJvm.describe("%.0f"), kafkaProcess.describe("%.0f"));
    summary.row("(a) in-process start to first answer, ms (median)", fakeWarm.median(), kafkaInJvm.median(),
        "fake < 50 ms", fakeWarm.median() < 50,
        String.format(Locale.ROOT, "fake: 20 starts after the JVM's first (%.0f ms); Kafka: one per fresh JVM", fakeCold));
    summary.row("(a') first start in a fresh JVM, ms", fakeCold, kafkaInJvm.median(), "-", null,
        "class loading included on both sides");
    summary.row("(b) process start to listening line, ms", cli.median(), kafkaProcess.median(),
        "fake < 1000 ms", cli.median() < 1000, String.format(Locale.ROOT,
            "java -jar kwire.jar fake vs a JVM starting the broker; kwire --help alone: %.0f ms", help.median()));

    // (e) Each heap run in its own JVM, with nothing else in it.
    HeapRun.Result fakeHeap = heapChild("fake", "256m");
    HeapRun.Result fakeHeapSmall = heapChild("fake", "64m");
    HeapRun.Result kafkaHeap = heapChild("kafka", "256m");

    // (c) and (d): the broker shared by every round, the fake fresh each round; sides alternate.
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    Samples fakeWall = new Samples();
    Samples kafkaWall = new Samples();
    Samples fakeRate = new Samples();
    Samples kafkaRate = new Samples();
    try {
      for (int round = 1; round <= ROUNDS; round++) {
        String prefix = "w" + round;
        attempt("(c) fake", fakeWall, () -> {
          try (FakeCluster cluster = FakeCluster.start()) {
            return E2eWorkload.run(cluster.bootstrapServers(), prefix);
          }
        });
        attempt("(c) Kafka", kafkaWall, () -> E2eWorkload.run(kafka.bootstrapServers(), prefix));
        System.out.printf(Locale.ROOT, "(c) workload round %d: fake %.0f ms, Kafka %.0f ms, load average %.2f%n",
            round, last(fakeWall), last(kafkaWall), load());
      }
      for (int round = 1; round <= ROUNDS; round++) {
        String topic = "p" + round;
        attempt("(d) fake", fakeRate, () -> {
          try (FakeCluster cluster = FakeCluster.start()) {
            return ProducerThroughput.run(cluster.bootstrapServers(), topic, PRODUCE_WARMUP_MS, PRODUCE_MEASURE_MS);
          }
        });
        attempt("(d) Kafka", kafkaRate,
            () -> ProducerThroughput.run(kafka.bootstrapServers(), topic, PRODUCE_WARMUP_MS, PRODUCE_MEASURE_MS));
        System.out.printf(Locale.ROOT, "(d) acks=all producer round %d: fake %.0f records/s, Kafka %.0f records/s,"
            + " load average %.2f%n", round, last(fakeRate), last(kafkaRate), load());
      }
    } finally {
      kafka.close();
    }
    summary.row("(c) e2e-like workload wall time, ms (median)", fakeWall.median(), kafkaWall.median(),
        "fake < 0.5x", fakeWall.median() < 0.5 * kafkaWall.median(),
        "fake " + fakeWall.describe("%.0f") + "; Kafka " + kafkaWall.describe("%.0f"));
    summary.row("(d) producer acks=all, records/s (median)", fakeRate.median(), kafkaRate.median(),
        "fake >= 1x", fakeRate.median() >= kafkaRate.median(),
        "fake " + fakeRate.describe("%.0f") + "; Kafka " + kafkaRate.describe("%.0f"));
    summary.row("(e) workload peak heap, MB (-Xmx256m)", fakeHeap.peakUsedMb(), kafkaHeap.peakUsedMb(),
        "fake < 256 MB", fakeHeap.ok() && fakeHeap.peakUsedMb() < 256,
        String.format(Locale.ROOT, "fake %s, max live %.0f MB; -Xmx64m: %s, peak %.0f MB; Kafka %s, max live %.0f MB",
            fakeHeap.ok() ? "ok" : "FAILED", fakeHeap.peakLiveMb(), fakeHeapSmall.ok() ? "ok" : "FAILED",
            fakeHeapSmall.peakUsedMb(), kafkaHeap.ok() ? "ok" : "FAILED", kafkaHeap.peakLiveMb()));
    System.out.println();
    System.out.printf(Locale.ROOT, "Summary (%d cores, JDK %s, load average at the end %.2f):%n%n",
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), load());
    summary.print(System.out);
  }

  private static HeapRun.Result heapChild(String target, String maxHeap) throws Exception {
    ChildJvm run = ChildJvm.run(ChildJvm.java(List.of("-Xmx" + maxHeap), FakeBench.class.getName(), "heap", target),
        line -> line.startsWith("RESULT heap"), false, 120);
    HeapRun.Result result = HeapRun.Result.parse(run.line);
    System.out.printf(Locale.ROOT, "(e) %s workload at -Xmx%s: %s%n", target, maxHeap, result);
    return result;
  }

  /** Child: starts the broker in this fresh JVM and reports the time to its first answered request. */
  private static void kafkaStart() throws Exception {
    long t0 = System.nanoTime();
    EmbeddedKafka kafka = EmbeddedKafka.shared();
    ApiVersionsProbe.answer(kafka.host(), kafka.port());
    System.out.printf(Locale.ROOT, "RESULT kafka-start ms=%.1f%n", (System.nanoTime() - t0) / 1e6);
    System.out.flush();
    kafka.close();
    System.exit(0);
  }

  /** Only the producer run, on one side, for a profile (bench/fake-bench.sh profile). */
  private static void produceAlone(String target, long seconds) throws Exception {
    if (target.equals("fake")) {
      try (FakeCluster cluster = FakeCluster.start()) {
        System.out.printf(Locale.ROOT, "fake: %.0f records/s%n",
            ProducerThroughput.run(cluster.bootstrapServers(), "profiled", PRODUCE_WARMUP_MS, seconds * 1000));
      }
    } else {
      EmbeddedKafka kafka = EmbeddedKafka.shared();
      System.out.printf(Locale.ROOT, "Kafka: %.0f records/s%n",
          ProducerThroughput.run(kafka.bootstrapServers(), "profiled", PRODUCE_WARMUP_MS, seconds * 1000));
      kafka.close();
    }
    System.exit(0);
  }

  private static double last(Samples samples) {
    return samples.lastValue();
  }

  static double load() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** The table the run ends with, in Markdown, for docs/fake.md. */
  private static final class Summary {
    private final List<String> rows = new ArrayList<>();

    void row(String what, double fake, double kafka, String goal, Boolean met, String note) {
      double ratio = fake / kafka;
      String times = ratio >= 0.1 ? String.format(Locale.ROOT, "%.2fx", ratio)
          : String.format(Locale.ROOT, "%.4fx (1/%.0f)", ratio, 1 / ratio);
      rows.add(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |", what, number(fake), number(kafka),
          times, goal, met == null ? "-" : met ? "met" : "**not met**", note));
    }

    void print(java.io.PrintStream out) {
      out.println("| measurement | fake | Kafka 4.4.0 | fake / Kafka | goal | | notes |");
      out.println("|---|---|---|---|---|---|---|");
      rows.forEach(out::println);
    }

    private static String number(double value) {
      return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }
  }
}
