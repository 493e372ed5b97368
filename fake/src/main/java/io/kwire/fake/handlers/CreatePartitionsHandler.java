package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreatePartitionsResponse;
import io.kwire.messages.CreatePartitionsResponseBuilder;
import io.kwire.messages.CreatePartitionsResponseBuilder.CreatePartitionsTopicResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * CreatePartitions: grows a topic to the new count, placing the new partitions as the request
 * assigns them (one replica list per new partition, as many replicas as the topic has) or
 * round-robin. A count not above the current one is INVALID_PARTITIONS.
 */
public final class CreatePartitionsHandler implements ApiHandler<CreatePartitionsRequest, CreatePartitionsResponse> {
  private final ClusterState cluster;

  public CreatePartitionsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<CreatePartitionsResponse> handle(CreatePartitionsRequest request, RequestContext context) {
    Set<String> repeated = Repeated.keys(request.topics(), CreatePartitionsRequest.CreatePartitionsTopic::name);
    List<CreatePartitionsResponse.CreatePartitionsTopicResult> results = new ArrayList<>();
    for (CreatePartitionsRequest.CreatePartitionsTopic t : request.topics()) {
      Rejection why = repeated.contains(t.name())
          ? new Rejection(ErrorCode.INVALID_REQUEST, "Duplicate topic name.")
          : grow(t, request.validateOnly());
      CreatePartitionsTopicResultBuilder result = new CreatePartitionsTopicResultBuilder().name(t.name());
      if (why != null) {
        result.errorCode(why.code()).errorMessage(why.message());
      }
      results.add(result.build());
    }
    return CompletableFuture.completedFuture(new CreatePartitionsResponseBuilder().results(results).build());
  }

  private Rejection grow(CreatePartitionsRequest.CreatePartitionsTopic t, boolean validateOnly) {
    Topic topic = cluster.topic(t.name());
    if (topic == null) {
      return new Rejection(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, "The topic '" + t.name() + "' does not exist.");
    }
    int current = topic.partitions().size();
    if (t.count() < current) {
      return new Rejection(ErrorCode.INVALID_PARTITIONS, "The topic " + t.name() + " currently has " + current
          + " partition(s); " + t.count() + " would not be an increase.");
    }
    if (t.count() > current && !cluster.roomForPartitions(t.count() - current)) {
      return new Rejection(ErrorCode.POLICY_VIOLATION, cluster.noRoomForPartitions(t.count() - current));
    }
    if (t.count() > ClusterSettings.MAX_PARTITIONS_PER_TOPIC) {
      return new Rejection(ErrorCode.INVALID_PARTITIONS, "The fake allows at most "
          + ClusterSettings.MAX_PARTITIONS_PER_TOPIC + " partitions per topic, not " + t.count());
    }
    if (t.count() == current) {
      return new Rejection(ErrorCode.INVALID_PARTITIONS, "Topic already has " + current + " partition(s).");
    }
    List<List<Integer>> assignments = null;
    if (t.assignments() != null) {
      if (t.assignments().size() != t.count() - current) {
        return new Rejection(ErrorCode.INVALID_REPLICA_ASSIGNMENT, "Attempted to add " + (t.count() - current)
            + " additional partition(s), but only " + t.assignments().size() + " assignment(s) were specified.");
      }
      assignments = new ArrayList<>();
      for (CreatePartitionsRequest.CreatePartitionsAssignment a : t.assignments()) {
        assignments.add(a.brokerIds());
      }
      Rejection bad = ReplicaAssignments.check(cluster, assignments, topic.replicationFactor());
      if (bad != null) {
        return bad;
      }
    }
    if (!validateOnly) {
      cluster.addPartitions(topic, t.count(), assignments);
    }
    return null;
  }
}
