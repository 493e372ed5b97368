package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.Client;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.JoinOutcome;
import io.kwire.fake.groups.Protocol;
import io.kwire.messages.JoinGroupRequest;
import io.kwire.messages.JoinGroupResponse;
import io.kwire.messages.JoinGroupResponseBuilder;
import io.kwire.messages.JoinGroupResponseBuilder.JoinGroupResponseMemberBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * JoinGroup (classic protocol): answered when the group's rebalance completes. An empty consumer
 * group becomes a classic group; one with members takes a "consumer" member in, answered at once
 * from its target assignment (the coordinator's {@code join}).
 */
public final class JoinGroupHandler implements ApiHandler<JoinGroupRequest, JoinGroupResponse> {
  private final GroupCoordinator groups;
  private final ClusterSettings settings;

  public JoinGroupHandler(GroupCoordinator groups, ClusterSettings settings) {
    this.groups = groups;
    this.settings = settings;
  }

  @Override
  public CompletionStage<JoinGroupResponse> handle(JoinGroupRequest request, RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    if (error == ErrorCode.NONE && !GroupChecks.sessionTimeoutAllowed(settings, request.sessionTimeoutMs())) {
      error = ErrorCode.INVALID_SESSION_TIMEOUT;
    }
    if (error != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(response(JoinOutcome.error(error, request.memberId()), context));
    }
    List<Protocol> protocols = new ArrayList<>();
    for (JoinGroupRequest.JoinGroupRequestProtocol p : request.protocols()) {
      protocols.add(new Protocol(p.name(), p.metadata()));
    }
    // v0 has no rebalance timeout: the session timeout stands for it, as in Kafka.
    int rebalanceTimeoutMs = request.rebalanceTimeoutMs() < 0 ? request.sessionTimeoutMs()
        : request.rebalanceTimeoutMs();
    return groups.join(request.groupId(), request.memberId(), new Client(context.clientId() == null ? "" : context.clientId(),
            context.clientHost(), request.groupInstanceId()), request.sessionTimeoutMs(),
            rebalanceTimeoutMs, request.protocolType(), protocols, context.apiVersion() >= 4)
        .thenApply(outcome -> response(outcome, context));
  }

  private static JoinGroupResponse response(JoinOutcome outcome, RequestContext context) {
    List<JoinGroupResponse.JoinGroupResponseMember> members = new ArrayList<>();
    for (JoinOutcome.JoinedMember m : outcome.members()) {
      members.add(new JoinGroupResponseMemberBuilder().memberId(m.memberId()).groupInstanceId(m.groupInstanceId())
          .metadata(m.metadata()).build());
    }
    return new JoinGroupResponseBuilder()
        .errorCode(outcome.errorCode())
        .generationId(outcome.generationId())
        .protocolType(outcome.protocolType())
        // Before v7 the protocol name is not nullable: an error carries an empty one.
        .protocolName(outcome.protocolName() == null && context.apiVersion() < 7 ? "" : outcome.protocolName())
        .leader(outcome.leader())
        .memberId(outcome.memberId())
        .members(members)
        .build();
  }
}
