package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ClassicProtocolGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.SyncOutcome;
import io.kwire.messages.SyncGroupRequest;
import io.kwire.messages.SyncGroupResponse;
import io.kwire.messages.SyncGroupResponseBuilder;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** SyncGroup: the leader's request carries the assignments; each member's is answered with its own. */
public final class SyncGroupHandler implements ApiHandler<SyncGroupRequest, SyncGroupResponse> {
  private final GroupCoordinator groups;

  public SyncGroupHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<SyncGroupResponse> handle(SyncGroupRequest request, RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    ClassicProtocolGroup group = groups.classicGroupOfMembers(request.groupId());
    if (error == ErrorCode.NONE) {
      error = group == null ? ErrorCode.UNKNOWN_MEMBER_ID : group.checkInstance(request.memberId(),
          request.groupInstanceId());
    }
    if (error != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(response(SyncOutcome.error(error)));
    }
    Map<String, byte[]> assignments = new HashMap<>();
    for (SyncGroupRequest.SyncGroupRequestAssignment a : request.assignments()) {
      assignments.put(a.memberId(), a.assignment());
    }
    return group.sync(request.memberId(), request.generationId(), request.protocolType(), request.protocolName(),
        assignments).thenApply(SyncGroupHandler::response);
  }

  private static SyncGroupResponse response(SyncOutcome outcome) {
    return new SyncGroupResponseBuilder()
        .errorCode(outcome.errorCode())
        .protocolType(outcome.protocolType())
        .protocolName(outcome.protocolName())
        .assignment(outcome.assignment())
        .build();
  }
}
