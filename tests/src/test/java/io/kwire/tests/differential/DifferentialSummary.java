package io.kwire.tests.differential;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts what the differential run checked, per oracle, and why anything was skipped. */
final class DifferentialSummary {
  private final Map<String, int[]> perOracle = new TreeMap<>();
  private final List<String> skipped = new ArrayList<>();

  synchronized void checked(String oracle, int messages) {
    int[] counts = perOracle.computeIfAbsent(oracle, k -> new int[2]);
    counts[0]++;
    counts[1] += messages;
  }

  synchronized void skipped(String what, String reason) {
    skipped.add(what + ": " + reason);
  }

  synchronized String render() {
    int triples = 0;
    int messages = 0;
    StringBuilder per = new StringBuilder();
    for (Map.Entry<String, int[]> e : perOracle.entrySet()) {
      triples += e.getValue()[0];
      messages += e.getValue()[1];
      per.append(", kafka-clients ").append(e.getKey()).append(": ").append(e.getValue()[0])
          .append(" triples / ").append(e.getValue()[1]).append(" messages");
    }
    StringBuilder s = new StringBuilder("kwire differential: ").append(triples).append(" (message, version) triples, ")
        .append(messages).append(" messages checked").append(per).append(", ").append(skipped.size())
        .append(" skipped");
    for (String skip : skipped) {
      s.append("\n  skipped ").append(skip);
    }
    return s.toString();
  }
}
