package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ServerAssignors;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import io.kwire.messages.ConsumerGroupHeartbeatResponseBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatResponseBuilder.AssignmentBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatResponseBuilder.TopicPartitionsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ConsumerGroupHeartbeat (KIP-848): joins at member epoch 0 (the server picks a member id when the
 * client sends none; 4.x clients send their own), reconciles the member towards its target
 * assignment, leaves at -1, or for now at -2 (a static member, which keeps its place until its session
 * times out). The assignment is sent only when it changed.
 */
public final class ConsumerGroupHeartbeatHandler
    implements ApiHandler<ConsumerGroupHeartbeatRequest, ConsumerGroupHeartbeatResponse> {
  private final GroupCoordinator groups;

  public ConsumerGroupHeartbeatHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<ConsumerGroupHeartbeatResponse> handle(ConsumerGroupHeartbeatRequest request,
      RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    if (error == ErrorCode.INVALID_GROUP_ID) {
      error = ErrorCode.INVALID_REQUEST;
    }
    if (error == ErrorCode.NONE && request.memberEpoch() != 0
        && (request.memberId() == null || request.memberId().isEmpty())) {
      error = ErrorCode.INVALID_REQUEST;
    }
    if (error == ErrorCode.NONE && request.memberEpoch() < -2) {
      error = ErrorCode.INVALID_REQUEST;
    }
    if (error != ErrorCode.NONE) {
      return done(new ConsumerGroupHeartbeatResponseBuilder().errorCode(error).build());
    }
    if (request.memberEpoch() == ConsumerGroup.STATIC_LEAVE_EPOCH && request.instanceId() == null) {
      // As Kafka: only a static member leaves for now.
      return done(new ConsumerGroupHeartbeatResponseBuilder().errorCode(ErrorCode.INVALID_REQUEST)
          .errorMessage("InstanceId can't be null.").build());
    }
    if (request.serverAssignor() != null && !ServerAssignors.isSupported(request.serverAssignor())) {
      // As Kafka: checked in every heartbeat, before the group is looked up.
      return done(new ConsumerGroupHeartbeatResponseBuilder().errorCode(ErrorCode.UNSUPPORTED_ASSIGNOR)
          .errorMessage(ServerAssignors.unsupportedMessage(request.serverAssignor())).build());
    }
    GroupCoordinator.Lookup<ConsumerGroup> found = groups.consumerGroupForHeartbeat(request.groupId(),
        request.memberEpoch() == 0);
    if (found.group() == null) {
      return done(new ConsumerGroupHeartbeatResponseBuilder().errorCode(found.errorCode())
          .errorMessage(found.errorMessage()).build());
    }
    ConsumerGroup group = found.group();
    String memberId = request.memberId() == null || request.memberId().isEmpty()
        ? UUID.randomUUID().toString() : request.memberId();
    List<ConsumerGroup.Owned> owned = null;
    if (request.topicPartitions() != null) {
      owned = new ArrayList<>();
      for (ConsumerGroupHeartbeatRequest.TopicPartitions t : request.topicPartitions()) {
        for (int p : t.partitions()) {
          owned.add(new ConsumerGroup.Owned(t.topicId(), p));
        }
      }
    }
    ConsumerGroup.HeartbeatOutcome outcome = group.heartbeat(memberId, request.memberEpoch(),
        new ConsumerGroup.Subscription(request.instanceId(), request.rackId(), request.subscribedTopicNames(),
            request.subscribedTopicRegex(), owned, request.serverAssignor()),
        context.clientId() == null ? "" : context.clientId(), context.clientHost());
    ConsumerGroupHeartbeatResponseBuilder response = new ConsumerGroupHeartbeatResponseBuilder()
        .errorCode(outcome.errorCode()).errorMessage(outcome.errorMessage());
    if (outcome.errorCode() == ErrorCode.NONE) {
      response.memberId(outcome.memberId()).memberEpoch(outcome.memberEpoch())
          // A member that left (epoch -1, or -2 for a static one) is told no interval, as by Kafka.
          .heartbeatIntervalMs(outcome.memberEpoch() < 0 ? 0 : GroupCoordinator.CONSUMER_HEARTBEAT_INTERVAL_MS);
      if (outcome.assignment() != null) {
        response.assignment(new AssignmentBuilder().topicPartitions(byTopic(outcome.assignment())).build());
      }
    }
    return done(response.build());
  }

  private static List<ConsumerGroupHeartbeatResponse.TopicPartitions> byTopic(Set<ConsumerGroup.Owned> owned) {
    List<ConsumerGroupHeartbeatResponse.TopicPartitions> out = new ArrayList<>();
    ConsumerGroup.byTopic(owned).forEach((id, partitions) -> out.add(new TopicPartitionsBuilder().topicId(id).partitions(partitions)
        .build()));
    return out;
  }

  private static CompletionStage<ConsumerGroupHeartbeatResponse> done(ConsumerGroupHeartbeatResponse response) {
    return CompletableFuture.completedFuture(response);
  }
}
