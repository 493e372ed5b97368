package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.CreationLimits;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.cluster.TopicNames;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequest.CreatableTopic;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.CreateTopicsResponseBuilder.CreatableTopicConfigsBuilder;
import io.kwire.messages.CreateTopicsResponseBuilder.CreatableTopicResultBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * CreateTopics, each topic on its own (one failing does not stop the others): a name repeated in
 * the request is INVALID_REQUEST for each occurrence; then the name, existence, counts or manual
 * assignment, and configurations are checked in Kafka's order. validateOnly checks and reports
 * without creating. A request asking for too much at once is refused whole ({@link CreationLimits}).
 */
public final class CreateTopicsHandler implements ApiHandler<CreateTopicsRequest, CreateTopicsResponse> {
  private static final UUID NO_ID = new UUID(0, 0);

  private final ClusterState cluster;

  public CreateTopicsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<CreateTopicsResponse> handle(CreateTopicsRequest request, RequestContext context) {
    if (partitionsAskedFor(request) > CreationLimits.MAX_PARTITIONS_PER_REQUEST) {
      return refuseAll(request, CreationLimits.TOO_MANY_PARTITIONS);
    }
    Set<String> repeated = Repeated.keys(request.topics(), CreatableTopic::name);
    // Checked first, created after: as Kafka's controller, a request whose topics would write too
    // many records creates none of them.
    long records = 0;
    for (CreatableTopic t : request.topics()) {
      if (!repeated.contains(t.name())) {
        CreateTopicsResponse.CreatableTopicResult checked = create(t, true);
        if (checked.errorCode() == ErrorCode.NONE) {
          records += CreationLimits.records(checked.numPartitions(), t.configs().size());
        }
      }
    }
    if (records > CreationLimits.MAX_RECORDS_PER_REQUEST) {
      return refuseAll(request, CreationLimits.TOO_MANY_RECORDS);
    }
    List<CreateTopicsResponse.CreatableTopicResult> results = new ArrayList<>();
    for (CreatableTopic t : request.topics()) {
      if (repeated.contains(t.name())) {
        results.add(failure(t.name(), new Rejection(ErrorCode.INVALID_REQUEST,
            "Create topics request from client `" + context.clientId() + "` contains multiple entries for the "
                + "following topics: " + t.name())));
      } else {
        results.add(create(t, request.validateOnly()));
      }
    }
    return CompletableFuture.completedFuture(new CreateTopicsResponseBuilder().topics(results).build());
  }

  /** The partitions the request asks for in all: each assignment's, else each count (the default for -1). */
  private long partitionsAskedFor(CreateTopicsRequest request) {
    long total = 0;
    for (CreatableTopic t : request.topics()) {
      int count = !t.assignments().isEmpty() ? t.assignments().size()
          : t.numPartitions() == -1 ? cluster.settings().defaultPartitions() : t.numPartitions();
      total += Math.max(0, count);
    }
    return total;
  }

  private static CompletionStage<CreateTopicsResponse> refuseAll(CreateTopicsRequest request, String message) {
    List<CreateTopicsResponse.CreatableTopicResult> results = new ArrayList<>();
    for (CreatableTopic t : request.topics()) {
      results.add(failure(t.name(), new Rejection(ErrorCode.POLICY_VIOLATION, message)));
    }
    return CompletableFuture.completedFuture(new CreateTopicsResponseBuilder().topics(results).build());
  }

  private CreateTopicsResponse.CreatableTopicResult create(CreatableTopic t, boolean validateOnly) {
    Optional<String> badName = TopicNames.invalidReason(t.name());
    if (badName.isPresent()) {
      return failure(t.name(), new Rejection(ErrorCode.INVALID_TOPIC_EXCEPTION, badName.get()));
    }
    if (cluster.topic(t.name()) != null) {
      return failure(t.name(), new Rejection(ErrorCode.TOPIC_ALREADY_EXISTS,
          "Topic '" + t.name() + "' already exists."));
    }
    Topic colliding = cluster.collidingTopic(t.name());
    if (colliding != null) {
      return failure(t.name(), new Rejection(ErrorCode.INVALID_TOPIC_EXCEPTION,
          "Topic '" + t.name() + "' collides with existing topic: " + colliding.name()));
    }
    List<List<Integer>> assignments = null;
    int partitions;
    int replicas;
    if (!t.assignments().isEmpty()) {
      if (t.numPartitions() != -1 || t.replicationFactor() != -1) {
        return failure(t.name(), new Rejection(ErrorCode.INVALID_REQUEST, "A manual partition assignment was "
            + "specified, but numPartitions or replicationFactor was not set to -1."));
      }
      assignments = new ArrayList<>();
      for (int i = 0; i < t.assignments().size(); i++) {
        CreateTopicsRequest.CreatableReplicaAssignment a = findPartition(t, i);
        if (a == null) {
          return failure(t.name(), new Rejection(ErrorCode.INVALID_REPLICA_ASSIGNMENT,
              "Partitions should be a consecutive 0-based integer sequence; partition " + i + " is missing"));
        }
        assignments.add(a.brokerIds());
      }
      Rejection bad = ReplicaAssignments.check(cluster, assignments, -1);
      if (bad != null) {
        return failure(t.name(), bad);
      }
      partitions = assignments.size();
      replicas = assignments.get(0).size();
    } else {
      partitions = t.numPartitions() == -1 ? cluster.settings().defaultPartitions() : t.numPartitions();
      replicas = t.replicationFactor() == -1 ? cluster.settings().defaultReplicationFactor() : t.replicationFactor();
      if (partitions <= 0) {
        return failure(t.name(), new Rejection(ErrorCode.INVALID_PARTITIONS,
            "Number of partitions was set to an invalid non-positive value."));
      }
      if (partitions > ClusterSettings.MAX_PARTITIONS_PER_TOPIC) {
        return failure(t.name(), new Rejection(ErrorCode.INVALID_PARTITIONS, "The fake allows at most "
            + ClusterSettings.MAX_PARTITIONS_PER_TOPIC + " partitions per topic, not " + partitions));
      }
      if (replicas <= 0) {
        return failure(t.name(), new Rejection(ErrorCode.INVALID_REPLICATION_FACTOR,
            "Replication factor must be larger than 0, or -1 to use the default value."));
      }
      if (replicas > cluster.brokers().size()) {
        return failure(t.name(), new Rejection(ErrorCode.INVALID_REPLICATION_FACTOR,
            "Unable to replicate the partition " + replicas + " time(s): The target replication factor of "
                + replicas + " cannot be reached because only " + cluster.brokers().size()
                + " broker(s) are registered."));
      }
    }
    if (!cluster.roomForPartitions(partitions)) {
      return failure(t.name(), new Rejection(ErrorCode.POLICY_VIOLATION, cluster.noRoomForPartitions(partitions)));
    }
    Map<String, String> configs = new LinkedHashMap<>();
    for (CreateTopicsRequest.CreatableTopicConfig c : t.configs()) {
      Optional<String> badConfig = TopicConfigs.invalidReason(c.name(), c.value());
      if (badConfig.isPresent()) {
        return failure(t.name(), new Rejection(ErrorCode.INVALID_CONFIG, badConfig.get()));
      }
      configs.put(c.name(), c.value());
    }
    TopicConfigs topicConfigs = TopicConfigs.of(configs);
    UUID id = NO_ID;
    if (!validateOnly) {
      id = cluster.createTopic(t.name(), partitions, replicas, assignments, topicConfigs).id();
    }
    return new CreatableTopicResultBuilder()
        .name(t.name())
        .topicId(id)
        .numPartitions(partitions)
        .replicationFactor((short) replicas)
        .errorMessage(null)
        .configs(describeConfigs(topicConfigs))
        .build();
  }

  private static CreateTopicsRequest.CreatableReplicaAssignment findPartition(CreatableTopic t, int index) {
    for (CreateTopicsRequest.CreatableReplicaAssignment a : t.assignments()) {
      if (a.partitionIndex() == index) {
        return a;
      }
    }
    return null;
  }

  private static List<CreateTopicsResponse.CreatableTopicConfigs> describeConfigs(TopicConfigs configs) {
    List<CreateTopicsResponse.CreatableTopicConfigs> out = new ArrayList<>();
    for (Map.Entry<String, String> e : configs.effective().entrySet()) {
      out.add(new CreatableTopicConfigsBuilder()
          .name(e.getKey())
          .value(e.getValue())
          .configSource(ConfigResources.source(configs, e.getKey()))
          .build());
    }
    return out;
  }

  private static CreateTopicsResponse.CreatableTopicResult failure(String name, Rejection why) {
    return new CreatableTopicResultBuilder().name(name).errorCode(why.code()).errorMessage(why.message())
        .configs(List.of()).build();
  }
}
