package io.kwire.cli;

import io.kwire.capture.CaptureException;
import io.kwire.capture.CaptureIssue;
import io.kwire.capture.CaptureOptions;
import io.kwire.capture.CaptureReader;
import io.kwire.capture.CaptureStats;
import io.kwire.capture.CaptureSummary;
import io.kwire.capture.Exchange;
import io.kwire.capture.ExchangeJson;
import io.kwire.capture.ExchangeLines;
import io.kwire.json.JsonOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "capture",
    description = {"Prints the Kafka requests and responses of a packet capture (pcap, pcapng; tcpdump -w) as JSON lines.",
        "One line per request and its response: time, connection, client id and software, API, version, sizes, "
            + "latency, and both bodies as Kafka's JSON. Secrets are redacted, record data is left out; gzip is "
            + "read too. What cannot be read is reported on stderr with where it was.",
        "Example, live (-U: tcpdump writes each packet at once): "
            + "tcpdump -i any -U -w - port 9092 | kwire capture --port 9092 -"})
final class CaptureCommand implements Callable<Integer> {
  /** Issues of one kind printed before they are only counted. */
  static final int ISSUES_SHOWN_PER_KIND = 10;

  @Mixin
  CommonOptions common;

  @Parameters(arity = "1", paramLabel = "FILE", description = "The capture; - for stdin.")
  String file;

  @Option(names = "--port", split = ",", paramLabel = "PORT",
      description = "Ports brokers listen on (9092,9093): only their connections are read, the side on the port is "
          + "the broker. Default: every TCP connection, kept when its first frame decodes as a Kafka request.")
  List<Integer> ports = new ArrayList<>();

  @Option(names = "--summary", description = "Instead of the lines: per client, its software, APIs and versions, "
      + "topics, groups, requests, bytes, latency p50/p99 and errors by code.")
  boolean summary;

  @Option(names = "--removed-in", paramLabel = "VERSION", description = "Instead of the lines: every client that "
      + "used a request version Kafka VERSION removed (only 4.0, KIP-896), with API, version, topics, first and "
      + "last time seen.")
  String removedIn;

  @Option(names = "--html", paramLabel = "OUT", description = "Instead of the lines: a self-contained HTML page "
      + "with one collapsible entry per exchange, written to OUT.")
  Path html;

  @Mixin
  ShowSecretsOption secrets;

  @Option(names = "--record-data", description = "Write records fields as base64 instead of Kafka's \"\".")
  boolean recordData;

  @Override
  public Integer call() throws IOException {
    if (removedIn != null && !removedIn.equals("4.0")) {
      throw new UsageException("--removed-in knows 4.0 only (KIP-896), not " + removedIn);
    }
    for (int port : ports) {
      if (port < 1 || port > 65535) {
        throw new UsageException("--port " + port + " is not a TCP port");
      }
    }
    PrintWriter err = common.err();
    Map<CaptureIssue.Kind, Integer> shown = new EnumMap<>(CaptureIssue.Kind.class);
    CaptureOptions options = CaptureOptions.defaults().withRegistry(common.registry())
        .withBrokerPorts(Set.copyOf(ports)).withIssues(issue -> {
          if (shown.merge(issue.kind(), 1, Integer::sum) <= ISSUES_SHOWN_PER_KIND) {
            err.println("kwire capture: " + issue);
          }
        });
    JsonOptions json = ExchangeJson.SAFE.withRedactedSecrets(!secrets.showSecrets).withRecordData(recordData);
    boolean lines = !summary && removedIn == null && html == null;
    CaptureSummary totals = new CaptureSummary();
    PrintStream out = common.kwire().stdout();
    CaptureStats stats;
    try (InputStream in = open(); CaptureReader reader = CaptureReader.open(in, options);
        ExchangeLines jsonLines = lines ? new ExchangeLines(out, json) : null;
        CaptureHtml page = html == null ? null : new CaptureHtml(Files.newBufferedWriter(html, StandardCharsets.UTF_8),
            "kwire capture " + file, json)) {
      for (Exchange exchange = reader.next(); exchange != null; exchange = reader.next()) {
        if (jsonLines != null) {
          jsonLines.write(exchange);
        }
        if (page != null) {
          page.add(exchange);
        }
        if (summary || removedIn != null) {
          totals.add(exchange);
        }
      }
      stats = reader.stats();
    } catch (CaptureException e) {
      throw new UsageException(e.getMessage());
    }
    out.flush();
    PrintWriter text = common.out();
    if (summary) {
      SummaryText.clients(totals, text);
    }
    if (removedIn != null) {
      SummaryText.removed(totals, text);
    }
    if (html != null) {
      err.println("kwire: wrote " + html);
    }
    text.flush();
    long issues = stats.issues().values().stream().mapToLong(Long::longValue).sum();
    if (issues > 0) {
      StringBuilder more = new StringBuilder();
      for (Map.Entry<CaptureIssue.Kind, Long> kind : new java.util.TreeMap<>(stats.issues()).entrySet()) {
        more.append(more.length() == 0 ? "" : ", ").append(kind.getValue()).append(' ')
            .append(kind.getKey().name().toLowerCase(java.util.Locale.ROOT));
      }
      err.println("kwire capture: " + stats.packets() + " packet(s), " + stats.connections() + " connection(s), "
          + stats.exchanges() + " exchange(s); issues: " + more + (shownAll(shown) ? "" : " (the first "
          + ISSUES_SHOWN_PER_KIND + " of each kind shown)"));
    }
    err.flush();
    return 0;
  }

  private static boolean shownAll(Map<CaptureIssue.Kind, Integer> shown) {
    return new TreeSet<>(shown.values()).stream().allMatch(n -> n <= ISSUES_SHOWN_PER_KIND);
  }

  private InputStream open() throws IOException {
    if (file.equals("-")) {
      return common.kwire().stdin();
    }
    Path path = Path.of(file);
    if (!Files.isReadable(path)) {
      throw new UsageException("cannot read " + file);
    }
    return Files.newInputStream(path);
  }
}
