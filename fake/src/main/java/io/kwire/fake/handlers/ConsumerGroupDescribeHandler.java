package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.ConsumerGroupDescribeRequest;
import io.kwire.messages.ConsumerGroupDescribeResponse;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder.AssignmentBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder.DescribedGroupBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder.MemberBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder.TopicPartitionsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ConsumerGroupDescribe: a consumer (KIP-848) group's epochs, members, their assignments and
 * targets. A group that is not one gets GROUP_ID_NOT_FOUND, which makes the admin client describe it
 * with DescribeGroups instead, as it does against Kafka.
 */
public final class ConsumerGroupDescribeHandler
    implements ApiHandler<ConsumerGroupDescribeRequest, ConsumerGroupDescribeResponse> {
  /** The member types of v1: a classic member of a consumer group, a KIP-848 consumer. */
  private static final byte CLASSIC_MEMBER = 0;
  private static final byte CONSUMER_MEMBER = 1;

  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public ConsumerGroupDescribeHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<ConsumerGroupDescribeResponse> handle(ConsumerGroupDescribeRequest request,
      RequestContext context) {
    List<ConsumerGroupDescribeResponse.DescribedGroup> described = new ArrayList<>();
    for (String id : request.groupIds()) {
      GroupCoordinator.Lookup<ConsumerGroup> found = GroupChecks.atCoordinator(groups, id, context, groups::consumer);
      short error = found.errorCode();
      if (error != ErrorCode.NONE) {
        described.add(new DescribedGroupBuilder().groupId(id).errorCode(error)
            .errorMessage(found.errorMessage())
            // Kafka leaves the state empty for a group it did not find (or found of another type).
            .groupState(error == ErrorCode.GROUP_ID_NOT_FOUND ? "" : "Dead").assignorName("")
            .members(List.of()).build());
        continue;
      }
      ConsumerGroup group = found.group();
      List<ConsumerGroupDescribeResponse.Member> members = new ArrayList<>();
      for (ConsumerGroup.ConsumerMember m : group.members()) {
        members.add(new MemberBuilder().memberId(m.memberId()).instanceId(m.instanceId()).rackId(m.rackId())
            .memberEpoch(m.epoch()).clientId(m.clientId()).clientHost(m.clientHost())
            .subscribedTopicNames(m.topicNames()).subscribedTopicRegex(m.topicRegex() == null ? "" : m.topicRegex())
            .assignment(assignment(m.assigned())).targetAssignment(assignment(group.targetOf(m.memberId())))
            .memberType(m.isClassic() ? CLASSIC_MEMBER : CONSUMER_MEMBER).build());
      }
      described.add(new DescribedGroupBuilder().groupId(id).errorCode(ErrorCode.NONE).groupState(group.stateName())
          .groupEpoch(group.groupEpoch()).assignmentEpoch(group.assignmentEpoch()).assignorName(group.assignorName())
          .members(members).build());
    }
    return CompletableFuture.completedFuture(new ConsumerGroupDescribeResponseBuilder().groups(described).build());
  }

  private ConsumerGroupDescribeResponse.Assignment assignment(Set<ConsumerGroup.Owned> owned) {
    List<ConsumerGroupDescribeResponse.TopicPartitions> topics = new ArrayList<>();
    ConsumerGroup.byTopic(owned).forEach((id, partitions) -> {
      Topic topic = cluster.topic(id);
      topics.add(new TopicPartitionsBuilder().topicId(id).topicName(topic == null ? "" : topic.name())
          .partitions(partitions).build());
    });
    return new AssignmentBuilder().topicPartitions(topics).build();
  }
}
