package io.kwire.capture;

import io.kwire.messages.errors.ErrorCodes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What each client did in a capture: its software, the APIs and versions it used, topics and groups
 * it named, requests, bytes, latency percentiles and error codes; and every use of a request version
 * Kafka 4.0 removed ({@link RemovedVersions}). Add exchanges as they are read. Memory is bounded by
 * the number of clients ({@value #MAX_CLIENTS}) and names kept per client ({@value #MAX_NAMES} topics,
 * as many groups), not by the number of exchanges.
 */
public final class CaptureSummary {
  static final int MAX_CLIENTS = 10_000;
  static final int MAX_NAMES = 1000;

  private final TreeMap<ClientKey, Client> clients = new TreeMap<>();
  private final TreeMap<RemovedKey, Removed> removed = new TreeMap<>();
  private long clientsLeftOut;

  /** An empty summary: add exchanges to it. */
  public CaptureSummary() {}

  /** One client's line of the summary. */
  public record ClientSummary(ClientKey client, SortedSet<String> software, SortedMap<String, SortedSet<Short>> apis,
      SortedSet<String> topics, SortedSet<String> groups, long requests, long unanswered, long requestBytes,
      long responseBytes, Duration p50, Duration p99, SortedMap<Short, Long> errors) {}

  /**
   * A client's use of a request version Kafka 4.0 removed.
   *
   * @param software the client's software as it named it ("" when it did not)
   */
  public record RemovedUse(ClientKey client, String software, String api, short apiKey, short version,
      short firstKept, SortedSet<String> topics, Instant first, Instant last, long requests) {}

  private record RemovedKey(ClientKey client, short apiKey, short version) implements Comparable<RemovedKey> {
    @Override
    public int compareTo(RemovedKey other) {
      int byClient = client.compareTo(other.client);
      if (byClient != 0) {
        return byClient;
      }
      return apiKey != other.apiKey ? Short.compare(apiKey, other.apiKey) : Short.compare(version, other.version);
    }
  }

  private static final class Client {
    final TreeSet<String> software = new TreeSet<>();
    final TreeMap<String, SortedSet<Short>> apis = new TreeMap<>();
    final TreeSet<String> topics = new TreeSet<>();
    final TreeSet<String> groups = new TreeSet<>();
    final LatencyCounts latency = new LatencyCounts();
    final TreeMap<Short, Long> errors = new TreeMap<>();
    long requests;
    long unanswered;
    long requestBytes;
    long responseBytes;
  }

  private static final class Removed {
    String software = "";
    String api;
    final TreeSet<String> topics = new TreeSet<>();
    Instant first;
    Instant last;
    long requests;
  }

  public void add(Exchange exchange) {
    ClientKey key = ClientKey.of(exchange);
    Client client = clients.get(key);
    if (client == null) {
      if (clients.size() >= MAX_CLIENTS) {
        clientsLeftOut++;
        return;
      }
      client = new Client();
      clients.put(key, client);
    }
    Client c = client;
    if (exchange.connection().software() != null) {
      c.software.add(exchange.connection().software().toString());
    }
    c.apis.computeIfAbsent(exchange.api(), api -> new TreeSet<>()).add(exchange.version());
    List<String> topics = new ArrayList<>();
    ExchangeFacts.topicsAndGroups(exchange, topics::add, group -> bounded(c.groups, group));
    topics.forEach(topic -> bounded(c.topics, topic));
    c.requests++;
    c.requestBytes += exchange.requestSize();
    if (exchange.answered()) {
      c.responseBytes += exchange.responseSize();
      c.latency.add(exchange.latency());
      ExchangeFacts.errorCodes(exchange, code -> c.errors.merge(code, 1L, Long::sum));
    } else {
      c.unanswered++;
    }
    if (RemovedVersions.removedIn40(exchange.apiKey(), exchange.version())) {
      Removed use = removed.computeIfAbsent(new RemovedKey(key, exchange.apiKey(), exchange.version()),
          k -> new Removed());
      use.api = exchange.api();
      if (exchange.connection().software() != null) {
        use.software = exchange.connection().software().toString();
      }
      topics.forEach(topic -> bounded(use.topics, topic));
      if (use.first == null || exchange.requestTime().isBefore(use.first)) {
        use.first = exchange.requestTime();
      }
      if (use.last == null || exchange.requestTime().isAfter(use.last)) {
        use.last = exchange.requestTime();
      }
      use.requests++;
    }
  }

  private static void bounded(TreeSet<String> names, String name) {
    if (names.size() < MAX_NAMES || names.contains(name)) {
      names.add(name);
    }
  }

  /** One line per client, by client id then address. */
  public List<ClientSummary> clients() {
    List<ClientSummary> all = new ArrayList<>();
    for (Map.Entry<ClientKey, Client> entry : clients.entrySet()) {
      Client c = entry.getValue();
      all.add(new ClientSummary(entry.getKey(), new TreeSet<>(c.software), new TreeMap<>(c.apis),
          new TreeSet<>(c.topics), new TreeSet<>(c.groups), c.requests, c.unanswered, c.requestBytes,
          c.responseBytes, c.latency.percentile(50), c.latency.percentile(99), new TreeMap<>(c.errors)));
    }
    return all;
  }

  /** Clients beyond {@value #MAX_CLIENTS}, counted but not summarised. */
  public long clientsLeftOut() {
    return clientsLeftOut;
  }

  /** Every use of a version Kafka 4.0 removed, by client, API and version. */
  public List<RemovedUse> removedIn40() {
    List<RemovedUse> all = new ArrayList<>();
    for (Map.Entry<RemovedKey, Removed> entry : removed.entrySet()) {
      RemovedKey key = entry.getKey();
      Removed use = entry.getValue();
      all.add(new RemovedUse(key.client(), use.software, use.api, key.apiKey(), key.version(),
          RemovedVersions.firstKept(key.apiKey()), new TreeSet<>(use.topics), use.first, use.last, use.requests));
    }
    return all;
  }

  /** The name Kafka gives an error code, or the number as text for one past Kafka's table. */
  public static String errorName(short code) {
    return ErrorCodes.name(code);
  }
}
