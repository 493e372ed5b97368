package io.kwire.fake.cluster;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Client telemetry (KIP-714) as the cluster keeps it: the client-metrics subscriptions (the
 * CLIENT_METRICS config resources), the client instances that asked for theirs, and the metrics
 * they pushed, for a test to read. Bounded: the newest {@value #MAX_PUSHES} pushes and
 * {@value #MAX_INSTANCES} client instances are kept. Confined to the cluster thread.
 */
public final class ClientTelemetry {
  public static final int MAX_PUSHES = 10_000;
  public static final int MAX_INSTANCES = 10_000;
  /** Kafka's default push interval when no subscription says otherwise (5 minutes). */
  public static final int DEFAULT_INTERVAL_MS = 300_000;

  /** One subscription: the metric name prefixes it asks for, how often, and which clients ({@code match}). */
  public record Subscription(String name, List<String> metrics, int intervalMs, List<String> match) {}

  /** What a client instance was told: its subscription id and interval, and when it last pushed (-1: never). */
  public record Instance(int subscriptionId, int intervalMs, long lastPushMs) {}

  /** One PushTelemetry as received: the metrics are the client's OTLP MetricsData bytes. */
  public record Push(UUID clientInstanceId, String clientId, int subscriptionId, boolean terminating,
      long receivedAtMs, byte[] metrics) {}

  private final Map<String, Subscription> subscriptions = new LinkedHashMap<>();
  private final Map<UUID, Instance> instances = new LinkedHashMap<>();
  private final Deque<Push> pushes = new ArrayDeque<>();

  public Map<String, Subscription> subscriptions() {
    return subscriptions;
  }

  /** Sets (or, with null, removes) a subscription. */
  public void subscription(String name, Subscription subscription) {
    if (subscription == null) {
      subscriptions.remove(name);
    } else {
      subscriptions.put(name, subscription);
    }
  }

  public Instance instance(UUID id) {
    return instances.get(id);
  }

  public void instance(UUID id, Instance instance) {
    instances.remove(id);
    instances.put(id, instance);
    if (instances.size() > MAX_INSTANCES) {
      UUID eldest = instances.keySet().iterator().next();
      instances.remove(eldest);
    }
  }

  public void pushed(Push push) {
    pushes.addLast(push);
    if (pushes.size() > MAX_PUSHES) {
      pushes.removeFirst();
    }
  }

  /** The pushes kept, oldest first. */
  public List<Push> pushes() {
    return new ArrayList<>(pushes);
  }
}
