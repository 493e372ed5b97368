package io.kwire.cli;

import io.kwire.capture.CaptureSummary;
import io.kwire.capture.CaptureSummary.ClientSummary;
import io.kwire.capture.CaptureSummary.RemovedUse;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/** {@code kwire capture --summary} and {@code --removed-in 4.0} as text: one block per client. */
final class SummaryText {
  private SummaryText() {}

  static void clients(CaptureSummary summary, PrintWriter out) {
    List<ClientSummary> clients = summary.clients();
    if (clients.isEmpty()) {
      out.println("No Kafka exchange in the capture.");
      return;
    }
    for (ClientSummary c : clients) {
      out.println(c.client() + "  " + (c.software().isEmpty() ? "(software not named)"
          : String.join(", ", c.software())));
      out.println("  requests:  " + c.requests() + (c.unanswered() == 0 ? "" : " (" + c.unanswered()
          + " without a captured response)") + ", " + c.requestBytes() + " bytes out, " + c.responseBytes()
          + " bytes in");
      out.println("  latency:   p50 " + millis(c.p50()) + ", p99 " + millis(c.p99()));
      List<String> apis = new ArrayList<>();
      for (Map.Entry<String, SortedSet<Short>> api : c.apis().entrySet()) {
        apis.add(api.getKey() + " v" + join(api.getValue()));
      }
      out.println("  apis:      " + String.join(", ", apis));
      out.println("  topics:    " + names(c.topics()));
      out.println("  groups:    " + names(c.groups()));
      List<String> errors = new ArrayList<>();
      for (Map.Entry<Short, Long> error : c.errors().entrySet()) {
        errors.add(CaptureSummary.errorName(error.getKey()) + " (" + error.getKey() + ") x" + error.getValue());
      }
      out.println("  errors:    " + (errors.isEmpty() ? "none" : String.join(", ", errors)));
    }
    if (summary.clientsLeftOut() > 0) {
      out.println("(" + summary.clientsLeftOut() + " exchange(s) of further clients not summarised)");
    }
  }

  static void removed(CaptureSummary summary, PrintWriter out) {
    List<RemovedUse> uses = summary.removedIn40();
    if (uses.isEmpty()) {
      out.println("No client used a request version Kafka 4.0 removed (KIP-896).");
      return;
    }
    out.println("Request versions Kafka 4.0 removed (KIP-896), by client:");
    Object client = null;
    for (RemovedUse use : uses) {
      if (!use.client().equals(client)) {
        client = use.client();
        out.println(use.client() + "  " + (use.software().isEmpty() ? "(software not named)" : use.software()));
      }
      String kept = use.firstKept() == Short.MAX_VALUE ? "4.0 has no version of it"
          : "4.0 accepts v" + use.firstKept() + "+";
      out.println("  " + use.api() + " v" + use.version() + " (" + kept + "): " + use.requests() + " request(s), "
          + use.first() + " .. " + use.last() + ", topics: " + names(use.topics()));
    }
  }

  private static String join(SortedSet<Short> versions) {
    List<String> all = new ArrayList<>();
    versions.forEach(v -> all.add(Short.toString(v)));
    return String.join(",", all);
  }

  private static String names(SortedSet<String> names) {
    return names.isEmpty() ? "-" : String.join(", ", names);
  }

  private static String millis(Duration latency) {
    return latency == null ? "-" : BigDecimal.valueOf(latency.toNanos() / 1000, 3).toPlainString() + " ms";
  }
}
