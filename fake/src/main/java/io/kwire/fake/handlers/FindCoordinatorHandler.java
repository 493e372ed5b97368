package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.FindCoordinatorResponseBuilder.CoordinatorBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * FindCoordinator: one key (v0-3) or a batch of keys (v4+); a group's (or transactional id's)
 * coordinator is the broker its key maps to. From v6 a share-partition's key (type 2,
 * {@code groupId:topicId:partition}) finds the broker that answers the share state APIs for it.
 */
public final class FindCoordinatorHandler implements ApiHandler<FindCoordinatorRequest, FindCoordinatorResponse> {
  private static final byte GROUP = 0;
  private static final byte TRANSACTION = 1;
  /** A share-partition's state ({@code groupId:topicId:partition}), from v6 (KIP-932). */
  private static final byte SHARE = 2;

  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public FindCoordinatorHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<FindCoordinatorResponse> handle(FindCoordinatorRequest request, RequestContext context) {
    boolean knownType = request.keyType() == GROUP || request.keyType() == TRANSACTION;
    if (context.apiVersion() < 4) {
      FindCoordinatorResponseBuilder out = new FindCoordinatorResponseBuilder().nodeId(-1).host("").port(-1);
      if (!knownType || request.key() == null || request.key().isEmpty()) {
        return CompletableFuture.completedFuture(out.errorCode(ErrorCode.INVALID_REQUEST)
            .errorMessage("A coordinator key of type 0 or 1 is required").build());
      }
      BrokerNode node = cluster.broker(groups.coordinatorFor(request.key()));
      return CompletableFuture.completedFuture(out.nodeId(node.nodeId()).host(node.host()).port(node.port()).build());
    }
    List<FindCoordinatorResponse.Coordinator> coordinators = new ArrayList<>();
    for (String key : request.coordinatorKeys()) {
      CoordinatorBuilder out = new CoordinatorBuilder().key(key).nodeId(-1).host("").port(-1);
      if (request.keyType() == SHARE && context.apiVersion() >= 6) {
        if (ShareStateKeys.isValid(key)) {
          BrokerNode node = cluster.broker(groups.shareCoordinatorFor(key));
          out.nodeId(node.nodeId()).host(node.host()).port(node.port());
        } else {
          // Kafka answers a malformed share key with an empty message
          out.errorCode(ErrorCode.INVALID_REQUEST).errorMessage("");
        }
      } else if (!knownType || key.isEmpty()) {
        out.errorCode(ErrorCode.INVALID_REQUEST).errorMessage("A coordinator key of type 0 or 1 is required");
      } else {
        BrokerNode node = cluster.broker(groups.coordinatorFor(key));
        out.nodeId(node.nodeId()).host(node.host()).port(node.port());
      }
      coordinators.add(out.build());
    }
    return CompletableFuture.completedFuture(new FindCoordinatorResponseBuilder().coordinators(coordinators).build());
  }
}
