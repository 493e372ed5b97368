package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.CreationLimits;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.cluster.TopicNames;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponseBrokerBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponsePartitionBuilder;
import io.kwire.messages.MetadataResponseBuilder.MetadataResponseTopicBuilder;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Metadata: the brokers, the controller, the cluster id, and the requested topics (all of them
 * when the list is null) with their ids, leaders, replicas and in-sync replicas. An unknown topic
 * is created only when both the cluster and the request allow it, and not when the request names
 * more unknown topics than Kafka's controller would create at once ({@link CreationLimits}).
 */
public final class MetadataHandler implements ApiHandler<MetadataRequest, MetadataResponse> {
  private static final UUID NO_ID = new UUID(0, 0);

  private final ClusterState cluster;

  public MetadataHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<MetadataResponse> handle(MetadataRequest request, RequestContext context) {
    List<MetadataResponse.MetadataResponseTopic> topics = new ArrayList<>();
    // v0 has no null: its empty list means every topic.
    if (request.topics() == null || context.apiVersion() == 0 && request.topics().isEmpty()) {
      for (Topic t : cluster.topics()) {
        topics.add(describe(t));
      }
    } else {
      boolean create = request.allowAutoTopicCreation() && cluster.settings().autoCreateTopics()
          && withinCreationLimits(request.topics());
      for (MetadataRequest.MetadataRequestTopic wanted : request.topics()) {
        topics.add(lookUp(wanted, create));
      }
    }
    return CompletableFuture.completedFuture(new MetadataResponseBuilder()
        .brokers(brokers(cluster))
        .clusterId(cluster.clusterId())
        .controllerId(cluster.controllerId())
        .topics(topics)
        .build());
  }

  static List<MetadataResponse.MetadataResponseBroker> brokers(ClusterState cluster) {
    List<MetadataResponse.MetadataResponseBroker> out = new ArrayList<>();
    for (BrokerNode b : cluster.brokers()) {
      out.add(new MetadataResponseBrokerBuilder().nodeId(b.nodeId()).host(b.host()).port(b.port()).rack(b.rack())
          .build());
    }
    return out;
  }

  /**
   * Whether the unknown topics the request names may all be created: Kafka asks its controller to
   * create them in one request, which refuses the lot past its limits ({@link CreationLimits}); the
   * topics then stay unknown.
   */
  private boolean withinCreationLimits(List<MetadataRequest.MetadataRequestTopic> wanted) {
    Set<String> unknown = new HashSet<>();
    for (MetadataRequest.MetadataRequestTopic t : wanted) {
      if (t.name() != null && cluster.topic(t.name()) == null && TopicNames.invalidReason(t.name()).isEmpty()) {
        unknown.add(t.name());
      }
    }
    int partitions = cluster.settings().defaultPartitions();
    return (long) unknown.size() * partitions <= CreationLimits.MAX_PARTITIONS_PER_REQUEST
        && cluster.roomForPartitions((long) unknown.size() * partitions)
        && unknown.size() * CreationLimits.records(partitions, 0) <= CreationLimits.MAX_RECORDS_PER_REQUEST;
  }

  private MetadataResponse.MetadataResponseTopic lookUp(MetadataRequest.MetadataRequestTopic wanted,
      boolean create) {
    Topic topic = wanted.name() != null ? cluster.topic(wanted.name()) : cluster.topic(wanted.topicId());
    if (topic != null) {
      return describe(topic);
    }
    if (wanted.name() == null) {
      return error(null, wanted.topicId(), ErrorCode.UNKNOWN_TOPIC_ID);
    }
    if (TopicNames.invalidReason(wanted.name()).isPresent()) {
      return error(wanted.name(), NO_ID, ErrorCode.INVALID_TOPIC_EXCEPTION);
    }
    if (create && cluster.collidingTopic(wanted.name()) == null) {
      int replicas = Math.min(cluster.settings().defaultReplicationFactor(), cluster.brokers().size());
      return describe(cluster.createTopic(wanted.name(), cluster.settings().defaultPartitions(), replicas, null,
          TopicConfigs.of(Map.of())));
    }
    return error(wanted.name(), NO_ID, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  }

  private static MetadataResponse.MetadataResponseTopic error(String name, UUID id, short code) {
    return new MetadataResponseTopicBuilder().errorCode(code).name(name).topicId(id).build();
  }

  private MetadataResponse.MetadataResponseTopic describe(Topic topic) {
    List<MetadataResponse.MetadataResponsePartition> partitions = new ArrayList<>();
    for (Partition p : topic.partitions()) {
      partitions.add(new MetadataResponsePartitionBuilder()
          // a partition whose in-sync replicas all stopped has no leader (-1), as Kafka reports it
          .errorCode(p.offline() ? ErrorCode.LEADER_NOT_AVAILABLE : ErrorCode.NONE)
          .partitionIndex(p.index())
          .leaderId(p.leaderId())
          .leaderEpoch(p.leaderEpoch())
          .replicaNodes(p.replicas())
          .isrNodes(p.isr())
          .offlineReplicas(p.offlineReplicas(cluster::running))
          .build());
    }
    return new MetadataResponseTopicBuilder().name(topic.name()).topicId(topic.id()).partitions(partitions).build();
  }
}
