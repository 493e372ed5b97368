package io.kwire.bench;

import io.kwire.cli.Kwire;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@code kwire decode --jsonl} and {@code kwire encode --jsonl} as the command runs them
 * ({@link Kwire#run}: picocli, the line loop, the buffered output), over {@value #LINES} lines held
 * in memory; the score is lines per second. {@code traffic} is {@link TrafficCorpus}, {@code everyApi}
 * {@link EveryApiCorpus} (three random messages per version of every API, repeated to fill).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class JsonLinesBench {
  static final int LINES = 4096;

  @Param({"traffic", "everyApi"})
  public String corpus;

  private JsonlCorpus lines;

  @Setup
  public void setUp() {
    lines = corpus(corpus);
    // The answers must be what the modes are for, or the timing says nothing.
    String decoded = run(lines.decodeInput(), "decode");
    String encoded = run(lines.encodeInput(), "encode");
    List<String> in = new String(lines.decodeInput(), StandardCharsets.UTF_8).lines().toList();
    List<String> out = decoded.lines().toList();
    List<String> back = encoded.lines().toList();
    int errors = 0;
    for (int i = 0; i < LINES; i++) {
      String hex = in.get(i).substring(in.get(i).indexOf("\"bodyHex\":\"") + 11, in.get(i).length() - 2);
      if (out.get(i).startsWith("{\"error\"") || back.get(i).startsWith("{\"error\"")) {
        errors++;
      } else if (!out.get(i).endsWith("\"reencodedHex\":\"" + hex + "\"}")) {
        throw new IllegalStateException("line " + (i + 1) + " does not decode to its own bytes: " + out.get(i));
      }
    }
    // Random float64 NaNs do not read back from JSON, as in Kafka: a handful of every-API lines.
    if (errors > (corpus.equals("traffic") ? 0 : LINES / 100)) {
      throw new IllegalStateException(errors + " lines answered with an error");
    }
  }

  /** {@code name}'s messages, cycled or cut to exactly {@link #LINES} lines. */
  static JsonlCorpus corpus(String name) {
    List<JsonlCorpus.Message> distinct = switch (name) {
      case "traffic" -> TrafficCorpus.messages(LINES / 28 + 1);
      case "everyApi" -> EveryApiCorpus.messages(3);
      default -> throw new IllegalArgumentException(name);
    };
    List<JsonlCorpus.Message> messages = new ArrayList<>(LINES);
    for (int i = 0; i < LINES; i++) {
      messages.add(distinct.get(i % distinct.size()));
    }
    return JsonlCorpus.of(messages);
  }

  @Benchmark
  @OperationsPerInvocation(LINES)
  public long decode() {
    return count(lines.decodeInput(), "decode");
  }

  @Benchmark
  @OperationsPerInvocation(LINES)
  public long encode() {
    return count(lines.encodeInput(), "encode");
  }

  private static long count(byte[] input, String mode) {
    Counting out = new Counting();
    int code = Kwire.run(new String[] {mode, "--jsonl"}, new ByteArrayInputStream(input), new PrintStream(out),
        new PrintStream(OutputStream.nullOutputStream()));
    return out.count + code;
  }

  private static String run(byte[] input, String mode) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Kwire.run(new String[] {mode, "--jsonl"}, new ByteArrayInputStream(input), new PrintStream(out), new PrintStream(err));
    if (code != 0 || err.size() > 0) {
      throw new IllegalStateException(mode + " --jsonl: exit " + code + ", " + err);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /** Counts what the command writes, so that nothing it does is dead code. */
  private static final class Counting extends OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }
}
