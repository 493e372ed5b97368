package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.fake.groups.SharePartition;
import io.kwire.messages.ShareAcknowledgeRequest;
import io.kwire.messages.ShareAcknowledgeResponse;
import io.kwire.messages.ShareAcknowledgeResponseBuilder;
import io.kwire.messages.ShareAcknowledgeResponseBuilder.LeaderIdAndEpochBuilder;
import io.kwire.messages.ShareAcknowledgeResponseBuilder.PartitionDataBuilder;
import io.kwire.messages.ShareAcknowledgeResponseBuilder.ShareAcknowledgeTopicResponseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ShareAcknowledge (KIP-932): acknowledgements (accept, release, reject; renew from v2) of records
 * the member acquired, within its share session (epoch 0 is INVALID_SHARE_SESSION_EPOCH: only a
 * ShareFetch opens one); epoch -1 closes the session after them, the member's other records
 * released. Each partition answers INVALID_RECORD_STATE for records the member does not hold.
 */
public final class ShareAcknowledgeHandler implements ApiHandler<ShareAcknowledgeRequest, ShareAcknowledgeResponse> {
  private final ClusterState cluster;
  private final GroupCoordinator groups;
  private final ShareSessions sessions;

  public ShareAcknowledgeHandler(ClusterState cluster, GroupCoordinator groups, ShareSessions sessions) {
    this.cluster = cluster;
    this.groups = groups;
    this.sessions = sessions;
  }

  @Override
  public CompletionStage<ShareAcknowledgeResponse> handle(ShareAcknowledgeRequest request, RequestContext context) {
    if (request.groupId() == null || request.groupId().isEmpty() || request.memberId() == null
        || request.memberId().isEmpty()) {
      return refused(ErrorCode.INVALID_REQUEST, "A group id and a member id are required.");
    }
    ShareGroup group = groups.share(request.groupId()).group();
    if (group == null) {
      return refused(ErrorCode.GROUP_ID_NOT_FOUND, "Share group " + request.groupId() + " not found.");
    }
    ShareSessions.Resolved resolved = sessions.resolve(context.brokerId(), request.groupId(), request.memberId(),
        request.shareSessionEpoch(), false);
    if (resolved.session() == null) {
      return refused(resolved.errorCode(), null);
    }
    List<ShareAcknowledgeResponse.ShareAcknowledgeTopicResponse> topics = new ArrayList<>();
    for (ShareAcknowledgeRequest.AcknowledgeTopic t : request.topics()) {
      Topic topic = cluster.topic(t.topicId());
      List<ShareAcknowledgeResponse.PartitionData> partitions = new ArrayList<>();
      for (ShareAcknowledgeRequest.AcknowledgePartition p : t.partitions()) {
        // currentLeader at the message's defaults (0, 0) but for NOT_LEADER_OR_FOLLOWER, as Kafka 4.4 answers
        PartitionDataBuilder out = new PartitionDataBuilder().partitionIndex(p.partitionIndex());
        short error;
        if (topic == null || topic.partition(p.partitionIndex()) == null) {
          error = ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
        } else if (topic.partition(p.partitionIndex()).leaderId() != context.brokerId()) {
          error = ErrorCode.NOT_LEADER_OR_FOLLOWER;
          out.currentLeader(new LeaderIdAndEpochBuilder().leaderId(topic.partition(p.partitionIndex()).leaderId())
              .leaderEpoch(topic.partition(p.partitionIndex()).leaderEpoch()).build());
        } else {
          SharePartition state = groups.sharePartition(group, topic, p.partitionIndex());
          error = ErrorCode.NONE;
          for (ShareAcknowledgeRequest.AcknowledgementBatch b : p.acknowledgementBatches()) {
            short e = state.acknowledge(request.memberId(), b.firstOffset(), b.lastOffset(), b.acknowledgeTypes());
            error = error == ErrorCode.NONE ? e : error;
          }
        }
        partitions.add(out.errorCode(error).build());
      }
      topics.add(new ShareAcknowledgeTopicResponseBuilder().topicId(t.topicId()).partitions(partitions).build());
    }
    if (request.shareSessionEpoch() == ShareSessions.CLOSE) {
      groups.releaseAll(group.groupId(), request.memberId());
    }
    return CompletableFuture.completedFuture(new ShareAcknowledgeResponseBuilder()
        .acquisitionLockTimeoutMs(groups.configs().shareRecordLockDurationMs(group.groupId()))
        .responses(topics).nodeEndpoints(List.of()).build());
  }

  private static CompletionStage<ShareAcknowledgeResponse> refused(short error, String message) {
    return CompletableFuture.completedFuture(new ShareAcknowledgeResponseBuilder().errorCode(error)
        .errorMessage(message).responses(List.of()).nodeEndpoints(List.of()).build());
  }
}
