package io.kwire.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Reads a capture in tests: every exchange, every issue, the stats. */
record Captures(List<Exchange> exchanges, List<CaptureIssue> issues, CaptureStats stats) {
  static Captures read(byte[] capture) {
    return read(capture, CaptureOptions.defaults());
  }

  static Captures read(byte[] capture, CaptureOptions options) {
    List<CaptureIssue> issues = new ArrayList<>();
    List<Exchange> exchanges = new ArrayList<>();
    try (CaptureReader reader = CaptureReader.open(new ByteArrayInputStream(capture), options.withIssues(issues::add))) {
      for (Exchange e = reader.next(); e != null; e = reader.next()) {
        exchanges.add(e);
      }
      return new Captures(exchanges, issues, reader.stats());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One line per exchange: api, version, correlation id, client, broker, answered. */
  List<String> lines() {
    return exchanges.stream().map(e -> e.api() + " v" + e.version() + " #" + e.correlationId() + " "
        + e.connection() + (e.answered() ? "" : " unanswered") + (e.errors().isEmpty() ? "" : " " + e.errors()))
        .toList();
  }

  List<CaptureIssue.Kind> issueKinds() {
    return issues.stream().map(CaptureIssue::kind).toList();
  }
}
