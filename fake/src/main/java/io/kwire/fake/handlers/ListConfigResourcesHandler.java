package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.ListConfigResourcesRequest;
import io.kwire.messages.ListConfigResourcesResponse;
import io.kwire.messages.ListConfigResourcesResponseBuilder;
import io.kwire.messages.ListConfigResourcesResponseBuilder.ConfigResourceBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ListConfigResources (KIP-1142; v0 was ListClientMetricsResources): the config resources of the
 * types asked for (v0: CLIENT_METRICS only; v1: TOPIC, BROKER, BROKER_LOGGER, CLIENT_METRICS and
 * GROUP, all of them when none is named), as Kafka lists them: client-metrics subscriptions, the
 * brokers (as BROKER_LOGGER too) and the topics. GROUP lists no group (the fake keeps no group
 * configurations); a type Kafka does not list is UNSUPPORTED_VERSION for the request.
 */
public final class ListConfigResourcesHandler
    implements ApiHandler<ListConfigResourcesRequest, ListConfigResourcesResponse> {
  private static final List<Byte> SUPPORTED = List.of(ConfigResources.TOPIC, ConfigResources.BROKER, (byte) 8,
      ClientMetricsConfigs.CLIENT_METRICS, (byte) 32);

  private final ClusterState cluster;

  public ListConfigResourcesHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<ListConfigResourcesResponse> handle(ListConfigResourcesRequest request,
      RequestContext context) {
    boolean v0 = context.apiVersion() == 0;
    List<Byte> types = v0 ? List.of(ClientMetricsConfigs.CLIENT_METRICS)
        : request.resourceTypes().isEmpty() ? SUPPORTED : request.resourceTypes();
    for (byte type : types) {
      if (!SUPPORTED.contains(type)) {
        return CompletableFuture.completedFuture(new ListConfigResourcesResponseBuilder()
            .errorCode(ErrorCode.UNSUPPORTED_VERSION).build());
      }
    }
    List<ListConfigResourcesResponse.ConfigResource> out = new ArrayList<>();
    if (types.contains(ClientMetricsConfigs.CLIENT_METRICS)) {
      cluster.telemetry().subscriptions().keySet().forEach(name -> out.add(resource(name,
          ClientMetricsConfigs.CLIENT_METRICS, v0)));
    }
    for (byte type : new byte[] {8, ConfigResources.BROKER}) {
      if (types.contains(type)) {
        for (BrokerNode b : cluster.brokers()) {
          out.add(resource(String.valueOf(b.nodeId()), type, v0));
        }
      }
    }
    if (types.contains(ConfigResources.TOPIC)) {
      for (Topic t : cluster.topics()) {
        out.add(resource(t.name(), ConfigResources.TOPIC, v0));
      }
    }
    return CompletableFuture.completedFuture(new ListConfigResourcesResponseBuilder().configResources(out).build());
  }

  private static ListConfigResourcesResponse.ConfigResource resource(String name, byte type, boolean v0) {
    ConfigResourceBuilder out = new ConfigResourceBuilder().resourceName(name);
    if (!v0) {
      out.resourceType(type);
    }
    return out.build();
  }
}
