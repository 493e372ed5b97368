package io.kwire.cli;

import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code kwire fake --control-stdin}: one command a line on stdin, one answer a line on stdout, so
 * that a script (or a test in another language) can fail brokers of a running fake:
 * {@code stop N}, {@code start N}, {@code pause-replication N}, {@code resume-replication N},
 * {@code add}, {@code remove N}, {@code brokers}, and fail, delay,
 * drop or hold its requests ({@link FakeRequestControls}). Answers begin with {@code ok} or
 * {@code error}; the end of input ends nothing but the reading.
 */
final class FakeControlLines {
  private final FakeCluster cluster;
  private final PrintStream out;
  private final FakeRequestControls requests;

  FakeControlLines(FakeCluster cluster, PrintStream out) {
    this.cluster = cluster;
    this.out = out;
    this.requests = new FakeRequestControls(cluster);
  }

  /** Reads and answers commands until the input ends. */
  void serve(InputStream in) {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line; (line = lines.readLine()) != null; ) {
        if (!line.isBlank()) {
          String answer = answer(line.trim());
          synchronized (out) {
            out.println(answer);
            out.flush();
          }
        }
      }
    } catch (IOException e) {
      synchronized (out) {
        out.println("error reading commands: " + e.getMessage());
        out.flush();
      }
    }
  }

  /** The answer to one command line. */
  String answer(String line) {
    String[] words = line.split("\\s+");
    try {
      if (FakeRequestControls.handles(words[0])) {
        return requests.answer(words);
      }
      switch (words[0]) {
        case "stop" -> {
          cluster.stopBroker(node(words));
          return "ok stopped " + words[1];
        }
        case "start" -> {
          cluster.startBroker(node(words));
          return "ok started " + words[1];
        }
        case "pause-replication" -> {
          cluster.pauseReplication(node(words));
          return "ok paused replication of " + words[1];
        }
        case "resume-replication" -> {
          cluster.resumeReplication(node(words));
          return "ok resumed replication of " + words[1];
        }
        case "add" -> {
          FakeBroker added = cluster.addBroker();
          return "ok added " + added.nodeId() + " " + added.address();
        }
        case "remove" -> {
          cluster.removeBroker(node(words));
          return "ok removed " + words[1];
        }
        case "brokers" -> {
          StringBuilder s = new StringBuilder("ok");
          for (FakeBroker b : cluster.brokers()) {
            s.append(' ').append(b.nodeId()).append('=').append(b.address())
                .append(cluster.isRunning(b.nodeId()) ? "" : "(stopped)");
          }
          return s.toString();
        }
        default -> {
          return "error unknown command: " + words[0] + " (stop N, start N, pause-replication N,"
              + " resume-replication N, add, remove N, brokers, "
              + FakeRequestControls.USAGE + ")";
        }
      }
    } catch (IllegalArgumentException | IllegalStateException | UsageException e) {
      return "error " + e.getMessage();
    }
  }

  private static int node(String[] words) {
    if (words.length != 2) {
      throw new IllegalArgumentException(words[0] + " takes one broker id");
    }
    try {
      return Integer.parseInt(words[1]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a broker id: " + words[1]);
    }
  }
}
