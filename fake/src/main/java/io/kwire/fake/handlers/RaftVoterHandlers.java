package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.AddRaftVoterRequest;
import io.kwire.messages.AddRaftVoterResponse;
import io.kwire.messages.AddRaftVoterResponseBuilder;
import io.kwire.messages.RemoveRaftVoterRequest;
import io.kwire.messages.RemoveRaftVoterResponse;
import io.kwire.messages.RemoveRaftVoterResponseBuilder;
import java.util.concurrent.CompletableFuture;

/**
 * AddRaftVoter and RemoveRaftVoter (KIP-853), as a KRaft cluster whose voter set is static
 * (kraft.version 0, {@link KraftQuorum}) answers them: INCONSISTENT_CLUSTER_ID for another cluster's
 * id, else UNSUPPORTED_VERSION with Kafka's reason; the quorum is not changed.
 */
final class RaftVoterHandlers {
  private RaftVoterHandlers() {}

  static ApiHandler<AddRaftVoterRequest, AddRaftVoterResponse> add(ClusterState cluster) {
    return (request, context) -> {
      short error = check(cluster, request.clusterId());
      return CompletableFuture.completedFuture(new AddRaftVoterResponseBuilder().errorCode(error)
          .errorMessage(error == ErrorCode.NONE ? null : message(error, "adding")).build());
    };
  }

  static ApiHandler<RemoveRaftVoterRequest, RemoveRaftVoterResponse> remove(ClusterState cluster) {
    return (request, context) -> {
      short error = check(cluster, request.clusterId());
      return CompletableFuture.completedFuture(new RemoveRaftVoterResponseBuilder().errorCode(error)
          .errorMessage(error == ErrorCode.NONE ? null : message(error, "removing")).build());
    };
  }

  private static short check(ClusterState cluster, String clusterId) {
    if (clusterId != null && !clusterId.equals(cluster.clusterId())) {
      return KraftQuorum.INCONSISTENT_CLUSTER_ID;
    }
    return ErrorCode.UNSUPPORTED_VERSION;
  }

  private static String message(short error, String doing) {
    return error == KraftQuorum.INCONSISTENT_CLUSTER_ID ? "The cluster id in the request does not match this cluster"
        : "Cluster doesn't support " + doing + " voter because the kraft.version feature is 0";
  }
}
