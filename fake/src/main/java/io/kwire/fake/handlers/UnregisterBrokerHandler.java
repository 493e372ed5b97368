package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.UnregisterBrokerRequest;
import io.kwire.messages.UnregisterBrokerResponse;
import io.kwire.messages.UnregisterBrokerResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * UnregisterBroker (AdminClient.unregisterBroker): BROKER_ID_NOT_REGISTERED for an id the cluster
 * does not have; for one of its brokers NONE, the broker staying in the cluster, as a live Kafka
 * broker registers again at its next heartbeat.
 */
public final class UnregisterBrokerHandler implements ApiHandler<UnregisterBrokerRequest, UnregisterBrokerResponse> {
  static final short BROKER_ID_NOT_REGISTERED = 102;

  private final ClusterState cluster;

  public UnregisterBrokerHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<UnregisterBrokerResponse> handle(UnregisterBrokerRequest request, RequestContext context) {
    UnregisterBrokerResponseBuilder out = new UnregisterBrokerResponseBuilder().errorMessage(null);
    if (cluster.broker(request.brokerId()) == null) {
      out.errorCode(BROKER_ID_NOT_REGISTERED).errorMessage("Broker ID " + request.brokerId() + " is not currently"
          + " registered");
    }
    return CompletableFuture.completedFuture(out.build());
  }
}
