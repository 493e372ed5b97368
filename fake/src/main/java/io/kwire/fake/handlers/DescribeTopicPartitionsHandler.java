package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicNames;
import io.kwire.messages.DescribeTopicPartitionsRequest;
import io.kwire.messages.DescribeTopicPartitionsResponse;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder.CursorBuilder;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder.DescribeTopicPartitionsResponsePartitionBuilder;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder.DescribeTopicPartitionsResponseTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeTopicPartitions (KIP-966), what 4.x AdminClient.describeTopics sends: the named topics
 * (every topic when none is named), in name order from the cursor's topic on, with at most
 * {@code min(responsePartitionLimit, 2000)} partitions (Kafka's
 * {@code max.request.partition.size.limit}; at least one) and, when partitions are left, the
 * cursor to go on from: the partition after the last one sent, or the next topic's first when the
 * limit ran out between topics. A named topic that does not exist is UNKNOWN_TOPIC_OR_PARTITION
 * (INVALID_TOPIC_EXCEPTION for an illegal name) and takes no part of the limit; listing every topic
 * names only those there. A negative cursor partition is INVALID_REQUEST for every named topic.
 */
public final class DescribeTopicPartitionsHandler
    implements ApiHandler<DescribeTopicPartitionsRequest, DescribeTopicPartitionsResponse> {
  /** Kafka's {@code max.request.partition.size.limit} default: the most partitions one response holds. */
  public static final int MAX_PARTITIONS_PER_RESPONSE = 2000;
  /**
   * Every operation on a topic (READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE, DESCRIBE_CONFIGS,
   * ALTER_CONFIGS as a bit field): what Kafka answers for each topic, found or not, when no
   * authorizer is configured, as the fake authorizes everything.
   */
  static final int ALL_TOPIC_OPERATIONS = 3576;
  /** What Kafka answers for the id of a topic it does not have. */
  private static final UUID NO_ID = new UUID(0, 0);

  private final ClusterState cluster;

  public DescribeTopicPartitionsHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<DescribeTopicPartitionsResponse> handle(DescribeTopicPartitionsRequest request,
      RequestContext context) {
    DescribeTopicPartitionsRequest.Cursor cursor = request.cursor();
    if (cursor != null && cursor.partitionIndex() < 0) {
      return CompletableFuture.completedFuture(invalidCursor(request));
    }
    boolean all = request.topics().isEmpty();
    TreeSet<String> names = new TreeSet<>();
    if (all) {
      cluster.topics().forEach(t -> names.add(t.name()));
    } else {
      request.topics().forEach(t -> names.add(t.name()));
    }
    String cursorTopic = cursor == null ? "" : cursor.topicName();
    int remaining = Math.max(Math.min(MAX_PARTITIONS_PER_RESPONSE, request.responsePartitionLimit()), 1);
    List<DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic> topics = new ArrayList<>();
    DescribeTopicPartitionsResponse.Cursor next = null;
    for (String name : names.tailSet(cursorTopic, true)) {
      if (remaining == 0) {
        next = new CursorBuilder().topicName(name).partitionIndex(0).build();
        break;
      }
      Topic topic = cluster.topic(name);
      if (topic == null) {
        if (!all) {
          short error = TopicNames.invalidReason(name).isPresent() ? ErrorCode.INVALID_TOPIC_EXCEPTION
              : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
          topics.add(new DescribeTopicPartitionsResponseTopicBuilder().errorCode(error).name(name).topicId(NO_ID)
              .isInternal(false).topicAuthorizedOperations(ALL_TOPIC_OPERATIONS).build());
        }
        continue;
      }
      int from = name.equals(cursorTopic) ? cursor.partitionIndex() : 0;
      int count = topic.partitions().size();
      int upTo = (int) Math.min(count, (long) from + remaining);
      List<DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition> partitions = new ArrayList<>();
      for (int i = from; i < upTo; i++) {
        partitions.add(describe(topic.partition(i)));
      }
      topics.add(new DescribeTopicPartitionsResponseTopicBuilder().name(name).topicId(topic.id())
          .isInternal(false).partitions(partitions).topicAuthorizedOperations(ALL_TOPIC_OPERATIONS).build());
      if (upTo < count) {
        next = new CursorBuilder().topicName(name).partitionIndex(upTo).build();
        break;
      }
      remaining -= partitions.size();
    }
    return CompletableFuture.completedFuture(new DescribeTopicPartitionsResponseBuilder().topics(topics)
        .nextCursor(next).build());
  }

  private static DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponsePartition describe(Partition p) {
    // no eligible leader replicas (KIP-966): Kafka lists them empty while the feature is off
    return new DescribeTopicPartitionsResponsePartitionBuilder().partitionIndex(p.index()).leaderId(p.leaderId())
        .leaderEpoch(p.leaderEpoch()).replicaNodes(p.replicas()).isrNodes(p.isr()).eligibleLeaderReplicas(List.of())
        .lastKnownElr(List.of()).offlineReplicas(List.of()).build();
  }

  /** Kafka refuses the whole request: every named topic with the error, nothing else. */
  private static DescribeTopicPartitionsResponse invalidCursor(DescribeTopicPartitionsRequest request) {
    List<DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic> topics = new ArrayList<>();
    for (DescribeTopicPartitionsRequest.TopicRequest t : request.topics()) {
      topics.add(new DescribeTopicPartitionsResponseTopicBuilder().errorCode(ErrorCode.INVALID_REQUEST).name(t.name())
          .topicId(NO_ID).isInternal(false).build());
    }
    return new DescribeTopicPartitionsResponseBuilder().topics(topics).build();
  }
}
