package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ClassicProtocolGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.HeartbeatResponse;
import io.kwire.messages.HeartbeatResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Heartbeat: keeps a member's session; REBALANCE_IN_PROGRESS when it must rejoin. */
public final class HeartbeatHandler implements ApiHandler<HeartbeatRequest, HeartbeatResponse> {
  private final GroupCoordinator groups;

  public HeartbeatHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<HeartbeatResponse> handle(HeartbeatRequest request, RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    if (error == ErrorCode.NONE) {
      ClassicProtocolGroup group = groups.classicGroupOfMembers(request.groupId());
      error = group == null ? ErrorCode.UNKNOWN_MEMBER_ID : group.checkInstance(request.memberId(),
          request.groupInstanceId());
      if (error == ErrorCode.NONE) {
        error = group.heartbeat(request.memberId(), request.generationId());
      }
    }
    return CompletableFuture.completedFuture(new HeartbeatResponseBuilder().errorCode(error).build());
  }
}
