package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.AlterPartitionReassignmentsRequest;
import io.kwire.messages.AlterPartitionReassignmentsResponse;
import io.kwire.messages.AlterPartitionReassignmentsResponseBuilder;
import io.kwire.messages.AlterPartitionReassignmentsResponseBuilder.ReassignablePartitionResponseBuilder;
import io.kwire.messages.AlterPartitionReassignmentsResponseBuilder.ReassignableTopicResponseBuilder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AlterPartitionReassignments: each partition moves to its target replicas at once (the fake's
 * replicas are always in sync, so a reassignment completes as it starts; ListPartitionReassignments
 * finds none ongoing); the leader stays if it is a target, else the first target leads in a new
 * epoch. As Kafka's controller checks them: UNKNOWN_TOPIC_OR_PARTITION, INVALID_REPLICA_ASSIGNMENT
 * (no replicas, a broker twice, a broker not in the cluster), INVALID_REPLICATION_FACTOR when v1's
 * allowReplicationFactorChange is false and the count changes, NO_REASSIGNMENT_IN_PROGRESS for a
 * cancellation (null replicas). More than {@value ElectLeadersHandler#MAX_ELECTIONS} partitions in
 * one request is POLICY_VIOLATION for the whole request (Kafka's bound on one operation's records).
 */
public final class AlterPartitionReassignmentsHandler
    implements ApiHandler<AlterPartitionReassignmentsRequest, AlterPartitionReassignmentsResponse> {
  static final short NO_REASSIGNMENT_IN_PROGRESS = 85;

  private final ClusterState cluster;

  public AlterPartitionReassignmentsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  private record Outcome(short errorCode, String message) {
    static final Outcome NONE = new Outcome(ErrorCode.NONE, null);
  }

  @Override
  public CompletionStage<AlterPartitionReassignmentsResponse> handle(AlterPartitionReassignmentsRequest request,
      RequestContext context) {
    long named = request.topics().stream().mapToLong(t -> t.partitions().size()).sum();
    if (named > ElectLeadersHandler.MAX_ELECTIONS) {
      return CompletableFuture.completedFuture(failAll(request, ElectLeadersHandler.POLICY_VIOLATION,
          "Unable to perform excessively large batch operation."));
    }
    boolean allowFactorChange = context.apiVersion() < 1 || request.allowReplicationFactorChange();
    List<AlterPartitionReassignmentsResponse.ReassignableTopicResponse> responses = new ArrayList<>();
    for (AlterPartitionReassignmentsRequest.ReassignableTopic t : request.topics()) {
      List<AlterPartitionReassignmentsResponse.ReassignablePartitionResponse> partitions = new ArrayList<>();
      for (AlterPartitionReassignmentsRequest.ReassignablePartition p : t.partitions()) {
        Outcome outcome = reassign(t.name(), p, allowFactorChange);
        partitions.add(new ReassignablePartitionResponseBuilder().partitionIndex(p.partitionIndex())
            .errorCode(outcome.errorCode()).errorMessage(outcome.message()).build());
      }
      responses.add(new ReassignableTopicResponseBuilder().name(t.name()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new AlterPartitionReassignmentsResponseBuilder()
        .allowReplicationFactorChange(allowFactorChange).errorMessage(null).responses(responses).build());
  }

  private Outcome reassign(String topicName, AlterPartitionReassignmentsRequest.ReassignablePartition wanted,
      boolean allowFactorChange) {
    Topic topic = cluster.topic(topicName);
    Partition partition = topic == null ? null : topic.partition(wanted.partitionIndex());
    if (partition == null) {
      return new Outcome(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "Unable to find partition " + topicName + ":"
          + wanted.partitionIndex() + ".");
    }
    List<Integer> target = wanted.replicas();
    if (target == null) {
      return new Outcome(NO_REASSIGNMENT_IN_PROGRESS, null); // Kafka gives no message with it
    }
    Outcome invalid = invalidAssignment(target);
    if (invalid != null) {
      return invalid;
    }
    if (!allowFactorChange && target.size() != partition.replicas().size()) {
      return new Outcome(ErrorCode.INVALID_REPLICATION_FACTOR, "The replication factor is changed from "
          + partition.replicas().size() + " to " + target.size() + " but allowReplicationFactorChange is false.");
    }
    partition.reassign(target);
    return Outcome.NONE;
  }

  private Outcome invalidAssignment(List<Integer> target) {
    if (target.isEmpty()) {
      return new Outcome(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes an empty"
          + " replica list.");
    }
    // in broker id order, as Kafka's controller looks at them (so the same broker is named)
    Set<Integer> seen = new HashSet<>();
    for (int broker : target.stream().sorted().toList()) {
      if (cluster.broker(broker) == null) {
        return new Outcome(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes broker "
            + broker + ", but no such broker is registered.");
      }
      if (!seen.add(broker)) {
        return new Outcome(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes the"
            + " broker " + broker + " more than once.");
      }
    }
    return null;
  }

  private static AlterPartitionReassignmentsResponse failAll(AlterPartitionReassignmentsRequest request, short code,
      String message) {
    List<AlterPartitionReassignmentsResponse.ReassignableTopicResponse> responses = new ArrayList<>();
    for (AlterPartitionReassignmentsRequest.ReassignableTopic t : request.topics()) {
      responses.add(new ReassignableTopicResponseBuilder().name(t.name()).partitions(t.partitions().stream()
          .map(p -> new ReassignablePartitionResponseBuilder().partitionIndex(p.partitionIndex()).errorCode(code)
              .errorMessage(message).build()).toList()).build());
    }
    return new AlterPartitionReassignmentsResponseBuilder().errorCode(code).errorMessage(message)
        .responses(responses).build();
  }
}
