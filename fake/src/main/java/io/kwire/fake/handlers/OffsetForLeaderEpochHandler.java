package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.OffsetForLeaderEpochResponse;
import io.kwire.messages.OffsetForLeaderEpochResponseBuilder;
import io.kwire.messages.OffsetForLeaderEpochResponseBuilder.EpochEndOffsetBuilder;
import io.kwire.messages.OffsetForLeaderEpochResponseBuilder.OffsetForLeaderTopicResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * OffsetForLeaderEpoch, which consumers send to validate their position after a leader change.
 * An epoch ends where the next began (leadership moves with {@code FakeCluster.moveLeader}); the
 * current one at the log end offset.
 */
public final class OffsetForLeaderEpochHandler
    implements ApiHandler<OffsetForLeaderEpochRequest, OffsetForLeaderEpochResponse> {
  private final ClusterState cluster;

  public OffsetForLeaderEpochHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<OffsetForLeaderEpochResponse> handle(OffsetForLeaderEpochRequest request,
      RequestContext context) {
    List<OffsetForLeaderEpochResponse.OffsetForLeaderTopicResult> topics = new ArrayList<>();
    for (OffsetForLeaderEpochRequest.OffsetForLeaderTopic wanted : request.topics()) {
      Topic topic = cluster.topic(wanted.topic());
      List<OffsetForLeaderEpochResponse.EpochEndOffset> partitions = new ArrayList<>();
      for (OffsetForLeaderEpochRequest.OffsetForLeaderPartition p : wanted.partitions()) {
        Partition partition = topic == null ? null : topic.partition(p.partition());
        EpochEndOffsetBuilder out = new EpochEndOffsetBuilder().partition(p.partition());
        if (partition == null) {
          out.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        } else if (partition.leaderId() != context.brokerId()) {
          out.errorCode(ErrorCode.NOT_LEADER_OR_FOLLOWER);
        } else if (partition.checkLeaderEpoch(p.currentLeaderEpoch()) != ErrorCode.NONE) {
          out.errorCode(partition.checkLeaderEpoch(p.currentLeaderEpoch()));
        } else {
          long[] end = partition.endOfEpoch(p.leaderEpoch());
          out.leaderEpoch((int) end[0]).endOffset(end[1]);
        }
        partitions.add(out.build());
      }
      topics.add(new OffsetForLeaderTopicResultBuilder().topic(wanted.topic()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new OffsetForLeaderEpochResponseBuilder().topics(topics).build());
  }
}
