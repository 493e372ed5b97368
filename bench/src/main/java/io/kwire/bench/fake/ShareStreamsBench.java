package io.kwire.bench.fake;

import static io.kwire.bench.fake.Samples.attempt;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.fake.FakeCluster;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Issue 26's measurements, kwire-fake against the embedded Kafka 4.4.0 broker (e2e's
 * EmbeddedKafka), kafka-clients and kafka-streams 4.4.0 on both sides (docs/fake.md, "Figures"):
 * a share consumer's records/s ({@link ShareConsumerThroughput}) and a Kafka Streams word count's
 * end-to-end wall time ({@link StreamsWordCount}). A fresh fake per round, the broker shared by
 * the rounds; the sides alternate which goes first. bench/share-streams-bench.sh runs it.
 *
 * <p>Modes: {@code share ROUNDS RECORDS CONSUMERS [both|fake|kafka]},
 * {@code streams ROUNDS LINES exactly_once_v2|at_least_once classic|streams [both|fake|kafka]},
 * {@code all ROUNDS} (share with 1 and 2 consumers on 200,000 records, streams with both
 * guarantees on 20,000 lines, classic protocol); and the child JVM each word count runs in,
 * {@code streams-once fake|kafka LINES GUARANTEE PROTOCOL}.
 */
public final class ShareStreamsBench {
  private static final List<String> SUMMARY = new ArrayList<>();
  private static EmbeddedKafka kafka;

  private ShareStreamsBench() {}

  public static void main(String[] args) throws Exception {
    String mode = args.length > 0 ? args[0] : "all";
    if (mode.equals("streams-once")) {
      streamsOnce(args[1], Integer.parseInt(args[2]), args[3], args[4]);
      if (kafka != null) {
        kafka.close();
      }
      System.exit(0);
    }
    System.out.printf(Locale.ROOT, "kwire share/streams bench: %d cores, %s %s, load average %.2f%n",
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
        System.getProperty("java.version"), FakeBench.load());
    try {
      switch (mode) {
        case "share" -> share(Integer.parseInt(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
            args.length > 4 ? args[4] : "both");
        case "streams" -> streams(Integer.parseInt(args[1]), Integer.parseInt(args[2]), args[3], args[4],
            args.length > 5 ? args[5] : "both");
        case "all" -> {
          int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
          share(rounds, 200_000, 1, "both");
          share(rounds, 200_000, 2, "both");
          streams(rounds, 20_000, "exactly_once_v2", "classic", "both");
          streams(rounds, 20_000, "at_least_once", "classic", "both");
        }
        default -> throw new IllegalArgumentException("no mode " + mode + ": share, streams, all");
      }
    } finally {
      if (kafka != null) {
        kafka.close();
      }
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "Summary (%d cores, JDK %s, load average at the end %.2f):%n%n",
        Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"), FakeBench.load());
    System.out.println("| measurement | fake | Kafka 4.4.0 | fake / Kafka |");
    System.out.println("|---|---|---|---|");
    SUMMARY.forEach(System.out::println);
    System.exit(0);
  }

  private static void share(int rounds, int records, int consumers, String targets) {
    if (!targets.equals("fake")) {
      kafka(); // started before any round, so that no round times the broker's start
    }
    Samples fakeRate = new Samples();
    Samples kafkaRate = new Samples();
    Samples fakeFirst = new Samples();
    Samples kafkaFirst = new Samples();
    for (int round = 0; round <= rounds; round++) {
      // Round 0 warms both sides up (class loading, JIT, the broker's share-state topic), untimed.
      String name = "share-" + consumers + "c-" + round;
      int size = round == 0 ? records / 10 : records;
      for (String side : order(round, targets)) {
        ShareConsumerThroughput.Result[] result = new ShareConsumerThroughput.Result[1];
        boolean fake = side.equals("fake");
        attempt("share " + side, round == 0 ? new Samples() : fake ? fakeRate : kafkaRate, () -> {
          if (fake) {
            try (FakeCluster cluster = FakeCluster.start()) {
              result[0] = ShareConsumerThroughput.run(cluster.bootstrapServers(), name, size, consumers);
            }
          } else {
            result[0] = ShareConsumerThroughput.run(kafka().bootstrapServers(), name, size, consumers);
          }
          return result[0].recordsPerSecond();
        });
        if (result[0] != null) {
          if (round > 0) {
            (fake ? fakeFirst : kafkaFirst).add(result[0].firstRecordMs());
          }
          System.out.printf(Locale.ROOT, "share, %d consumer(s), %,d records, %s, %s: %,.0f records/s, first"
              + " record after %.0f ms, %.0f ms in all, load average %.2f%n", consumers, size,
              round == 0 ? "warm-up" : "round " + round, side, result[0].recordsPerSecond(),
              result[0].firstRecordMs(), result[0].totalMs(), FakeBench.load());
        }
      }
    }
    row(String.format(Locale.ROOT, "share consumer records/s, %d consumer(s), %,d records", consumers, records),
        fakeRate, kafkaRate);
    row(String.format(Locale.ROOT, "share, %d consumer(s): subscribe to first record, ms", consumers), fakeFirst,
        kafkaFirst);
  }

  /**
   * Each run in a fresh child JVM, both sides alike: with the broker, a second Streams application
   * in one JVM found the broker no longer acknowledging a plain producer's records (see docs/fake.md).
   */
  private static void streams(int rounds, int lines, String guarantee, String protocol, String targets) {
    Samples fakeWall = new Samples();
    Samples kafkaWall = new Samples();
    Samples fakeRunning = new Samples();
    Samples kafkaRunning = new Samples();
    for (int round = 1; round <= rounds; round++) {
      for (String side : order(round, targets)) {
        boolean fake = side.equals("fake");
        Samples into = fake ? fakeWall : kafkaWall;
        String[] line = new String[1];
        attempt("streams " + side, into, () -> {
          line[0] = ChildJvm.run(ChildJvm.java(List.of("-Xms512m", "-Xmx1g",
              "-Dkwire.bench.metrics=" + Boolean.getBoolean("kwire.bench.metrics")), ShareStreamsBench.class.getName(),
              "streams-once", side, Integer.toString(lines), guarantee, protocol),
              l -> l.startsWith("RESULT streams"), false, 180).line;
          if (line[0].contains("failed=")) {
            throw new IllegalStateException(line[0].substring(line[0].indexOf("failed=") + 7));
          }
          return Double.parseDouble(ChildJvm.field(line[0], "last"));
        });
        if (!Double.isNaN(into.lastValue())) {
          (fake ? fakeRunning : kafkaRunning).add(Double.parseDouble(ChildJvm.field(line[0], "running")));
          System.out.printf(Locale.ROOT, "streams word count, %s, group.protocol=%s, %,d lines, round %d, %s: RUNNING"
              + " after %s ms, first count %s ms, last count %s ms, load average %.2f%n", guarantee, protocol, lines,
              round, side, ChildJvm.field(line[0], "running"), ChildJvm.field(line[0], "first"),
              ChildJvm.field(line[0], "last"), FakeBench.load());
        }
      }
    }
    row(String.format(Locale.ROOT, "streams word count %s, group.protocol=%s, %,d lines: start to last count, ms",
        guarantee, protocol, lines), fakeWall, kafkaWall);
    row(String.format(Locale.ROOT, "streams word count %s, group.protocol=%s: start to RUNNING, ms", guarantee,
        protocol), fakeRunning, kafkaRunning);
  }

  /** Child: one word count on a fresh fake or broker in this JVM, reported on one RESULT line. */
  private static void streamsOnce(String side, int lines, String guarantee, String protocol) {
    String name = "wc-" + guarantee.charAt(0) + "-" + protocol;
    try {
      StreamsWordCount.Result result;
      if (side.equals("fake")) {
        try (FakeCluster cluster = FakeCluster.start()) {
          result = StreamsWordCount.run(cluster.bootstrapServers(), name, lines, guarantee, protocol);
        }
      } else {
        result = StreamsWordCount.run(kafka().bootstrapServers(), name, lines, guarantee, protocol);
      }
      System.out.printf(Locale.ROOT, "RESULT streams running=%.0f first=%.0f last=%.0f%n", result.runningMs(),
          result.firstCountMs(), result.lastCountMs());
    } catch (Exception e) {
      Throwable cause = E2eWorkload.cause(e);
      System.out.println("RESULT streams failed=" + (cause + (cause.getCause() == null ? "" : "; " + cause.getCause()))
          .replace('\n', ' '));
    }
    System.out.flush();
  }

  /** Which sides run in this round, and in which order: alternating, so neither always runs first. */
  private static List<String> order(int round, String targets) {
    return switch (targets) {
      case "fake" -> List.of("fake");
      case "kafka" -> List.of("kafka");
      default -> round % 2 == 1 ? List.of("fake", "kafka") : List.of("kafka", "fake");
    };
  }

  private static EmbeddedKafka kafka() {
    if (kafka == null) {
      kafka = EmbeddedKafka.shared();
    }
    return kafka;
  }

  private static void row(String what, Samples fake, Samples kafka) {
    double ratio = fake.median() / kafka.median();
    String times = ratio >= 0.1 || Double.isNaN(ratio) ? String.format(Locale.ROOT, "%.2fx", ratio)
        : String.format(Locale.ROOT, "1/%.0f", 1 / ratio);
    SUMMARY.add(String.format(Locale.ROOT, "| %s | %s | %s | %s |", what, fake.describe("%,.0f"),
        kafka.describe("%,.0f"), times));
  }
}
