package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.UnregisterControllerRequest;
import io.kwire.messages.UnregisterControllerResponse;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * UnregisterController (KIP-1073), as a KRaft cluster whose only controller is the active one
 * answers it (the fake's quorum: {@link KraftQuorum}): that controller refuses to unregister itself
 * (INVALID_REQUEST), any other id is not a registered controller (CONTROLLER_ID_NOT_REGISTERED), as
 * Kafka 4.4.0's combined-mode node answers both (e2e {@code ShareGroupStateAgainstKafkaTest}).
 */
public final class UnregisterControllerHandler
    implements ApiHandler<UnregisterControllerRequest, UnregisterControllerResponse> {
  static final short CONTROLLER_ID_NOT_REGISTERED = 136;

  private final ClusterState cluster;

  public UnregisterControllerHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<UnregisterControllerResponse> handle(UnregisterControllerRequest request,
      RequestContext context) {
    boolean active = request.controllerId() == cluster.controllerId();
    return CompletableFuture.completedFuture(new UnregisterControllerResponse(0,
        active ? ErrorCode.INVALID_REQUEST : CONTROLLER_ID_NOT_REGISTERED,
        active ? "Controller cannot unregister itself while it is active."
            : "Controller ID " + request.controllerId() + " is not currently registered.",
        UnknownTaggedFields.EMPTY));
  }
}
