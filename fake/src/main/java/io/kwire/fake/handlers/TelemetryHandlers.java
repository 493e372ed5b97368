package io.kwire.fake.handlers;

import com.google.re2j.Pattern;
import io.kwire.fake.cluster.ClientTelemetry;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.GetTelemetrySubscriptionsRequest;
import io.kwire.messages.GetTelemetrySubscriptionsResponse;
import io.kwire.messages.GetTelemetrySubscriptionsResponseBuilder;
import io.kwire.messages.PushTelemetryRequest;
import io.kwire.messages.PushTelemetryResponse;
import io.kwire.messages.PushTelemetryResponseBuilder;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Client telemetry (KIP-714), as a broker with a telemetry receiver answers it, the fake being the
 * receiver: GetTelemetrySubscriptions gives a client (a new instance id when it has none) the
 * metric prefixes of every subscription that matches it ({@link ClientMetricsConfigs}; selectors on
 * client_instance_id, client_id and client_source_address are evaluated, the others match every
 * client), the shortest of their intervals, and a subscription id; PushTelemetry keeps the pushed
 * metrics (OTLP MetricsData bytes) for {@code FakeCluster.telemetryPushes()}. The fake accepts no
 * compression (its accepted list is empty, so clients push uncompressed and a test can read them):
 * UNSUPPORTED_COMPRESSION_TYPE otherwise; UNKNOWN_SUBSCRIPTION_ID for an id that is not the client's
 * current one, TELEMETRY_TOO_LARGE past 1 MiB (Kafka's {@code telemetry.max.bytes}),
 * THROTTLING_QUOTA_EXCEEDED for a push before the interval since the last (but a terminating one),
 * INVALID_REQUEST for the zero instance id.
 */
final class TelemetryHandlers {
  static final int MAX_BYTES = 1_048_576;
  static final short THROTTLING_QUOTA_EXCEEDED = 89;
  static final short UNKNOWN_SUBSCRIPTION_ID = 117;
  static final short TELEMETRY_TOO_LARGE = 118;
  private static final UUID ZERO = new UUID(0, 0);

  private TelemetryHandlers() {}

  private record Current(int subscriptionId, List<String> metrics, int intervalMs) {}

  static ApiHandler<GetTelemetrySubscriptionsRequest, GetTelemetrySubscriptionsResponse> subscriptions(
      ClusterState cluster) {
    return (request, context) -> {
      UUID id = request.clientInstanceId();
      if (id == null || id.equals(ZERO)) {
        id = UUID.randomUUID();
      }
      ClientTelemetry telemetry = cluster.telemetry();
      Current current = current(telemetry, id, context);
      ClientTelemetry.Instance before = telemetry.instance(id);
      telemetry.instance(id, new ClientTelemetry.Instance(current.subscriptionId(), current.intervalMs(),
          before == null ? -1 : before.lastPushMs()));
      return CompletableFuture.completedFuture(new GetTelemetrySubscriptionsResponseBuilder().clientInstanceId(id)
          .subscriptionId(current.subscriptionId()).acceptedCompressionTypes(List.of())
          .pushIntervalMs(current.intervalMs()).telemetryMaxBytes(MAX_BYTES).deltaTemporality(true)
          .requestedMetrics(current.metrics()).build());
    };
  }

  static ApiHandler<PushTelemetryRequest, PushTelemetryResponse> push(ClusterState cluster) {
    return (request, context) -> {
      short error = accept(cluster, request, context);
      return CompletableFuture.completedFuture(new PushTelemetryResponseBuilder().errorCode(error).build());
    };
  }

  private static short accept(ClusterState cluster, PushTelemetryRequest request, RequestContext context) {
    UUID id = request.clientInstanceId();
    if (id == null || id.equals(ZERO)) {
      return ErrorCode.INVALID_REQUEST;
    }
    ClientTelemetry telemetry = cluster.telemetry();
    ClientTelemetry.Instance instance = telemetry.instance(id);
    Current current = current(telemetry, id, context);
    if (instance == null || request.subscriptionId() != current.subscriptionId()) {
      return UNKNOWN_SUBSCRIPTION_ID;
    }
    if (request.compressionType() != 0) {
      return ErrorCode.UNSUPPORTED_COMPRESSION_TYPE;
    }
    ByteBuffer metrics = request.metrics();
    int size = metrics == null ? 0 : metrics.remaining();
    if (size > MAX_BYTES) {
      return TELEMETRY_TOO_LARGE;
    }
    long now = cluster.clock().nowMs();
    if (!request.terminating() && instance.lastPushMs() >= 0 && now - instance.lastPushMs() < current.intervalMs()) {
      return THROTTLING_QUOTA_EXCEEDED;
    }
    byte[] bytes = new byte[size];
    if (size > 0) {
      metrics.duplicate().get(bytes);
    }
    telemetry.instance(id, new ClientTelemetry.Instance(current.subscriptionId(), current.intervalMs(), now));
    telemetry.pushed(new ClientTelemetry.Push(id, context.clientId(), request.subscriptionId(), request.terminating(),
        now, bytes));
    return ErrorCode.NONE;
  }

  /** The subscriptions matching the client, merged: their metric prefixes, shortest interval, and an id for the two. */
  private static Current current(ClientTelemetry telemetry, UUID id, RequestContext context) {
    Set<String> metrics = new LinkedHashSet<>();
    int interval = -1;
    for (ClientTelemetry.Subscription s : telemetry.subscriptions().values()) {
      if (matches(s, id, context)) {
        metrics.addAll(s.metrics());
        interval = interval < 0 ? s.intervalMs() : Math.min(interval, s.intervalMs());
      }
    }
    interval = interval < 0 ? ClientTelemetry.DEFAULT_INTERVAL_MS : interval;
    List<String> requested = new ArrayList<>(metrics);
    return new Current(Objects.hash(requested, interval, id), requested, interval);
  }

  private static boolean matches(ClientTelemetry.Subscription s, UUID id, RequestContext context) {
    for (String selector : s.match()) {
      int eq = selector.indexOf('=');
      String key = selector.substring(0, eq);
      String value = switch (key) {
        case "client_instance_id" -> id.toString();
        case "client_id" -> context.clientId() == null ? "" : context.clientId();
        case "client_source_address" -> context.clientHost().startsWith("/") ? context.clientHost().substring(1)
            : context.clientHost();
        default -> null; // not known to the fake: not evaluated
      };
      if (value != null && !Pattern.compile(selector.substring(eq + 1)).matches(value)) {
        return false;
      }
    }
    return true;
  }
}
