package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.DescribeClusterResponseBuilder.DescribeClusterBrokerBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** DescribeCluster: the brokers, the controller and the cluster id, as a broker answers it. */
public final class DescribeClusterHandler implements ApiHandler<DescribeClusterRequest, DescribeClusterResponse> {
  private static final byte BROKERS = 1;

  private final ClusterState cluster;

  public DescribeClusterHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<DescribeClusterResponse> handle(DescribeClusterRequest request, RequestContext context) {
    DescribeClusterResponseBuilder response = new DescribeClusterResponseBuilder()
        .endpointType(request.endpointType())
        .clusterId(cluster.clusterId());
    if (request.endpointType() != BROKERS) {
      // A broker answers only for brokers; the controllers are asked directly.
      return CompletableFuture.completedFuture(response.errorCode(ErrorCode.UNSUPPORTED_ENDPOINT_TYPE)
          .errorMessage("The broker only supports endpoint type 1 (brokers), not " + request.endpointType())
          .build());
    }
    List<DescribeClusterResponse.DescribeClusterBroker> brokers = new ArrayList<>();
    for (BrokerNode b : cluster.brokers()) {
      brokers.add(new DescribeClusterBrokerBuilder().brokerId(b.nodeId()).host(b.host()).port(b.port()).rack(b.rack())
          .build());
    }
    return CompletableFuture.completedFuture(response.controllerId(cluster.controllerId()).brokers(brokers).build());
  }
}
