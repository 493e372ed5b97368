package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.messages.ShareGroupHeartbeatRequest;
import io.kwire.messages.ShareGroupHeartbeatResponse;
import io.kwire.messages.ShareGroupHeartbeatResponseBuilder;
import io.kwire.messages.ShareGroupHeartbeatResponseBuilder.AssignmentBuilder;
import io.kwire.messages.ShareGroupHeartbeatResponseBuilder.TopicPartitionsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ShareGroupHeartbeat (KIP-932): joins at member epoch 0 with the member id the client picked (and
 * its subscribed topic names), leaves at -1; the simple assignor's assignment is sent when it
 * changed. A group id of another type is GROUP_ID_NOT_FOUND.
 */
public final class ShareGroupHeartbeatHandler
    implements ApiHandler<ShareGroupHeartbeatRequest, ShareGroupHeartbeatResponse> {
  private final GroupCoordinator groups;

  public ShareGroupHeartbeatHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<ShareGroupHeartbeatResponse> handle(ShareGroupHeartbeatRequest request,
      RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    String message = null;
    if (error == ErrorCode.INVALID_GROUP_ID) {
      error = ErrorCode.INVALID_REQUEST;
      message = "GroupId can't be empty.";
    } else if (error == ErrorCode.NONE && (request.memberId() == null || request.memberId().isEmpty())) {
      error = ErrorCode.INVALID_REQUEST;
      message = "MemberId can't be empty.";
    } else if (error == ErrorCode.NONE && request.memberEpoch() < -1) {
      error = ErrorCode.INVALID_REQUEST;
      message = "MemberEpoch is invalid.";
    }
    if (error != ErrorCode.NONE) {
      return done(new ShareGroupHeartbeatResponseBuilder().errorCode(error).errorMessage(message).build());
    }
    GroupCoordinator.Lookup<ShareGroup> found = groups.shareGroupForHeartbeat(request.groupId(),
        request.memberEpoch() == 0);
    if (found.group() == null) {
      return done(new ShareGroupHeartbeatResponseBuilder().errorCode(found.errorCode())
          .errorMessage(found.errorMessage()).build());
    }
    ShareGroup.HeartbeatOutcome outcome = found.group().heartbeat(request.memberId(), request.memberEpoch(),
        request.rackId(), request.subscribedTopicNames(), context.clientId() == null ? "" : context.clientId(),
        context.clientHost());
    ShareGroupHeartbeatResponseBuilder response = new ShareGroupHeartbeatResponseBuilder()
        .errorCode(outcome.errorCode()).errorMessage(outcome.errorMessage());
    if (outcome.errorCode() == ErrorCode.NONE) {
      response.memberId(outcome.memberId()).memberEpoch(outcome.memberEpoch())
          .heartbeatIntervalMs(outcome.memberEpoch() < 0 ? 0 : GroupCoordinator.SHARE_HEARTBEAT_INTERVAL_MS);
      if (outcome.assignment() != null) {
        response.assignment(new AssignmentBuilder().topicPartitions(byTopic(outcome.assignment())).build());
      }
    }
    return done(response.build());
  }

  private static List<ShareGroupHeartbeatResponse.TopicPartitions> byTopic(Set<ConsumerGroup.Owned> owned) {
    List<ShareGroupHeartbeatResponse.TopicPartitions> out = new ArrayList<>();
    ConsumerGroup.byTopic(owned).forEach((id, partitions) -> out.add(new TopicPartitionsBuilder().topicId(id)
        .partitions(partitions).build()));
    return out;
  }

  private static CompletionStage<ShareGroupHeartbeatResponse> done(ShareGroupHeartbeatResponse response) {
    return CompletableFuture.completedFuture(response);
  }
}
