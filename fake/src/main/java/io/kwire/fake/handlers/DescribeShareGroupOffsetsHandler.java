package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.fake.groups.SharePartition;
import io.kwire.messages.DescribeShareGroupOffsetsRequest;
import io.kwire.messages.DescribeShareGroupOffsetsResponse;
import io.kwire.messages.DescribeShareGroupOffsetsResponseBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsResponseBuilder.DescribeShareGroupOffsetsResponseGroupBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsResponseBuilder.DescribeShareGroupOffsetsResponsePartitionBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsResponseBuilder.DescribeShareGroupOffsetsResponseTopicBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeShareGroupOffsets (AdminClient's listShareGroupOffsets): each share-partition's start
 * offset and (v1) lag, for the partitions asked for or (topics null) every one the group has
 * consumed; -1 for a partition the group has not started on; GROUP_ID_NOT_FOUND for an id without
 * a share group.
 */
public final class DescribeShareGroupOffsetsHandler
    implements ApiHandler<DescribeShareGroupOffsetsRequest, DescribeShareGroupOffsetsResponse> {
  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public DescribeShareGroupOffsetsHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<DescribeShareGroupOffsetsResponse> handle(DescribeShareGroupOffsetsRequest request,
      RequestContext context) {
    List<DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseGroup> results = new ArrayList<>();
    for (DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestGroup g : request.groups()) {
      DescribeShareGroupOffsetsResponseGroupBuilder out = new DescribeShareGroupOffsetsResponseGroupBuilder()
          .groupId(g.groupId()).topics(List.of());
      short error = GroupChecks.coordinator(groups, g.groupId(), context);
      GroupCoordinator.Lookup<ShareGroup> found = error == ErrorCode.NONE ? groups.share(g.groupId()) : null;
      if (found != null && found.group() == null) {
        out.errorCode(found.errorCode()).errorMessage(found.errorMessage());
      } else if (error != ErrorCode.NONE) {
        out.errorCode(error);
      } else {
        out.topics(topics(found.group(), g.topics()));
      }
      results.add(out.build());
    }
    return CompletableFuture.completedFuture(new DescribeShareGroupOffsetsResponseBuilder().groups(results).build());
  }

  private List<DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseTopic> topics(ShareGroup group,
      List<DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestTopic> asked) {
    Map<ConsumerGroup.Owned, SharePartition> states = groups.sharePartitions(group.groupId());
    Map<String, List<Integer>> wanted = new LinkedHashMap<>();
    if (asked == null) {
      states.forEach((key, state) -> wanted.computeIfAbsent(state.topicName(), t -> new ArrayList<>())
          .add(key.partition()));
    } else {
      asked.forEach(t -> wanted.put(t.topicName(), t.partitions()));
    }
    List<DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponseTopic> out = new ArrayList<>();
    wanted.forEach((name, partitions) -> {
      Topic topic = cluster.topic(name);
      List<DescribeShareGroupOffsetsResponse.DescribeShareGroupOffsetsResponsePartition> answers = new ArrayList<>();
      for (int p : partitions) {
        DescribeShareGroupOffsetsResponsePartitionBuilder a = new DescribeShareGroupOffsetsResponsePartitionBuilder()
            .partitionIndex(p).startOffset(-1).leaderEpoch(-1).lag(-1);
        if (topic == null || topic.partition(p) == null) {
          a.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
        } else {
          SharePartition state = states.get(new ConsumerGroup.Owned(topic.id(), p));
          // No state: start offset -1 at leader epoch 0, as Kafka passes on its share coordinator's summary
          a.leaderEpoch(0);
          if (state != null) {
            a.startOffset(state.startOffset()).leaderEpoch(topic.partition(p).leaderEpoch()).lag(state.lag());
          }
        }
        answers.add(a.build());
      }
      out.add(new DescribeShareGroupOffsetsResponseTopicBuilder().topicName(name)
          .topicId(topic == null ? new java.util.UUID(0, 0) : topic.id()).partitions(answers).build());
    });
    return out;
  }
}
