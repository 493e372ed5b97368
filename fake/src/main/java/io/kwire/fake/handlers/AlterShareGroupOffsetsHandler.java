package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.messages.AlterShareGroupOffsetsRequest;
import io.kwire.messages.AlterShareGroupOffsetsResponse;
import io.kwire.messages.AlterShareGroupOffsetsResponseBuilder;
import io.kwire.messages.AlterShareGroupOffsetsResponseBuilder.AlterShareGroupOffsetsResponsePartitionBuilder;
import io.kwire.messages.AlterShareGroupOffsetsResponseBuilder.AlterShareGroupOffsetsResponseTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * AlterShareGroupOffsets (AdminClient's alterShareGroupOffsets): moves each named share-partition's
 * start offset (clamped to the log's range), what was in flight before it forgotten. The group
 * must be a share group without members (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND otherwise).
 */
public final class AlterShareGroupOffsetsHandler
    implements ApiHandler<AlterShareGroupOffsetsRequest, AlterShareGroupOffsetsResponse> {
  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public AlterShareGroupOffsetsHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<AlterShareGroupOffsetsResponse> handle(AlterShareGroupOffsetsRequest request,
      RequestContext context) {
    GroupCoordinator.Lookup<ShareGroup> found = GroupChecks.emptyShareGroup(groups, request.groupId(), context);
    if (found.errorCode() != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(new AlterShareGroupOffsetsResponseBuilder().errorCode(found.errorCode())
          .errorMessage(found.errorMessage()).responses(List.of()).build());
    }
    ShareGroup group = found.group();
    List<AlterShareGroupOffsetsResponse.AlterShareGroupOffsetsResponseTopic> topics = new ArrayList<>();
    for (AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestTopic t : request.topics()) {
      Topic topic = cluster.topic(t.topicName());
      List<AlterShareGroupOffsetsResponse.AlterShareGroupOffsetsResponsePartition> partitions = new ArrayList<>();
      for (AlterShareGroupOffsetsRequest.AlterShareGroupOffsetsRequestPartition p : t.partitions()) {
        short result = ErrorCode.NONE;
        if (topic == null || topic.partition(p.partitionIndex()) == null) {
          result = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
        } else {
          groups.moveShareStart(group, topic, p.partitionIndex(), p.startOffset());
          group.markInitialized(new ConsumerGroup.Owned(topic.id(), p.partitionIndex()));
        }
        // Kafka names the error with its default message ("This server does not host this topic-partition.")
        partitions.add(new AlterShareGroupOffsetsResponsePartitionBuilder().partitionIndex(p.partitionIndex())
            .errorCode(result)
            .errorMessage(result == ErrorCode.NONE ? null : ShareStateChecks.UNKNOWN_PARTITION.errorMessage()).build());
      }
      topics.add(new AlterShareGroupOffsetsResponseTopicBuilder().topicName(t.topicName())
          .topicId(topic == null ? new UUID(0, 0) : topic.id()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new AlterShareGroupOffsetsResponseBuilder().responses(topics).build());
  }
}
