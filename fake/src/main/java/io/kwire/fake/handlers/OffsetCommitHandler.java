package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetCommitResponseBuilder;
import io.kwire.messages.OffsetCommitResponseBuilder.OffsetCommitResponsePartitionBuilder;
import io.kwire.messages.OffsetCommitResponseBuilder.OffsetCommitResponseTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * OffsetCommit: a member commits at its generation; a group without members takes commits without
 * one (generation -1); a consumer (KIP-848) group's member commits at its member epoch
 * (STALE_MEMBER_EPOCH otherwise). Topics are named by name up to v9, by id from v10.
 */
public final class OffsetCommitHandler implements ApiHandler<OffsetCommitRequest, OffsetCommitResponse> {
  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public OffsetCommitHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<OffsetCommitResponse> handle(OffsetCommitRequest request, RequestContext context) {
    boolean byId = context.apiVersion() >= 10;
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    if (error == ErrorCode.NONE) {
      error = groups.validateOffsetCommit(request.groupId(), request.memberId(), request.groupInstanceId(),
          request.generationIdOrMemberEpoch());
    }
    List<OffsetCommitResponse.OffsetCommitResponseTopic> topics = new ArrayList<>();
    for (OffsetCommitRequest.OffsetCommitRequestTopic t : request.topics()) {
      Topic topic = byId ? cluster.topic(t.topicId()) : cluster.topic(t.name());
      List<OffsetCommitResponse.OffsetCommitResponsePartition> partitions = new ArrayList<>();
      for (OffsetCommitRequest.OffsetCommitRequestPartition p : t.partitions()) {
        short result = error;
        if (result == ErrorCode.NONE && (topic == null || topic.partition(p.partitionIndex()) == null)) {
          result = topic == null && byId ? ErrorCode.UNKNOWN_TOPIC_ID : ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
        }
        if (result == ErrorCode.NONE) {
          groups.commitOffset(request.groupId(), topic.name(), p.partitionIndex(),
              new CommittedOffset(p.committedOffset(), p.committedLeaderEpoch(), p.committedMetadata()));
        }
        partitions.add(new OffsetCommitResponsePartitionBuilder().partitionIndex(p.partitionIndex())
            .errorCode(result).build());
      }
      topics.add(new OffsetCommitResponseTopicBuilder().name(t.name()).topicId(t.topicId()).partitions(partitions)
          .build());
    }
    return CompletableFuture.completedFuture(new OffsetCommitResponseBuilder().topics(topics).build());
  }
}
