package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ClassicProtocolGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.LeaveGroupRequest;
import io.kwire.messages.LeaveGroupResponse;
import io.kwire.messages.LeaveGroupResponseBuilder;
import io.kwire.messages.LeaveGroupResponseBuilder.MemberResponseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * LeaveGroup: one member (v0-2) or several (v3+, each with its own error, static members by instance
 * id) leave; the rest rebalance.
 */
public final class LeaveGroupHandler implements ApiHandler<LeaveGroupRequest, LeaveGroupResponse> {
  private final GroupCoordinator groups;

  public LeaveGroupHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<LeaveGroupResponse> handle(LeaveGroupRequest request, RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    ClassicProtocolGroup group = groups.classicGroupOfMembers(request.groupId());
    LeaveGroupResponseBuilder out = new LeaveGroupResponseBuilder();
    if (error != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(out.errorCode(error).build());
    }
    if (context.apiVersion() < 3) {
      return CompletableFuture.completedFuture(out.errorCode(leave(group, request.memberId(), null)).build());
    }
    List<LeaveGroupResponse.MemberResponse> members = new ArrayList<>();
    for (LeaveGroupRequest.MemberIdentity m : request.members()) {
      members.add(new MemberResponseBuilder().memberId(m.memberId()).groupInstanceId(m.groupInstanceId())
          .errorCode(leave(group, m.memberId(), m.groupInstanceId())).build());
    }
    return CompletableFuture.completedFuture(out.members(members).build());
  }

  /** A static member may leave by its instance id alone (its member id unknown, ""); a stale member id is fenced. */
  private static short leave(ClassicProtocolGroup group, String memberId, String instanceId) {
    if (group == null) {
      return ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (instanceId != null && !memberId.isEmpty()) {
      short fenced = group.checkInstance(memberId, instanceId);
      if (fenced != ErrorCode.NONE) {
        return fenced;
      }
    }
    return group.leave(group.memberOf(instanceId, memberId));
  }
}
