package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.ConsumerGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.messages.ShareGroupDescribeRequest;
import io.kwire.messages.ShareGroupDescribeResponse;
import io.kwire.messages.ShareGroupDescribeResponseBuilder;
import io.kwire.messages.ShareGroupDescribeResponseBuilder.AssignmentBuilder;
import io.kwire.messages.ShareGroupDescribeResponseBuilder.DescribedGroupBuilder;
import io.kwire.messages.ShareGroupDescribeResponseBuilder.MemberBuilder;
import io.kwire.messages.ShareGroupDescribeResponseBuilder.TopicPartitionsBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ShareGroupDescribe: a share group's epochs, state (Empty, Stable), assignor ("simple") and
 * members with their assignments; GROUP_ID_NOT_FOUND for an id without a group or of another type.
 */
public final class ShareGroupDescribeHandler
    implements ApiHandler<ShareGroupDescribeRequest, ShareGroupDescribeResponse> {
  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public ShareGroupDescribeHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<ShareGroupDescribeResponse> handle(ShareGroupDescribeRequest request,
      RequestContext context) {
    List<ShareGroupDescribeResponse.DescribedGroup> described = new ArrayList<>();
    for (String id : request.groupIds()) {
      GroupCoordinator.Lookup<ShareGroup> found = GroupChecks.atCoordinator(groups, id, context, groups::share);
      short error = found.errorCode();
      if (error != ErrorCode.NONE) {
        described.add(new DescribedGroupBuilder().groupId(id).errorCode(error)
            .errorMessage(found.errorMessage())
            .groupState(error == ErrorCode.GROUP_ID_NOT_FOUND ? "" : "Dead").assignorName("")
            .members(List.of()).build());
        continue;
      }
      ShareGroup group = found.group();
      List<ShareGroupDescribeResponse.Member> members = new ArrayList<>();
      for (ShareGroup.ShareMember m : group.members()) {
        members.add(new MemberBuilder().memberId(m.memberId()).rackId(m.rackId()).memberEpoch(m.epoch())
            .clientId(m.clientId()).clientHost(m.clientHost()).subscribedTopicNames(m.topicNames())
            .assignment(assignment(m.assigned())).build());
      }
      described.add(new DescribedGroupBuilder().groupId(id).errorCode(ErrorCode.NONE).groupState(group.stateName())
          .groupEpoch(group.groupEpoch()).assignmentEpoch(group.assignmentEpoch()).assignorName("simple")
          .members(members).build());
    }
    return CompletableFuture.completedFuture(new ShareGroupDescribeResponseBuilder().groups(described).build());
  }

  private ShareGroupDescribeResponse.Assignment assignment(Set<ConsumerGroup.Owned> owned) {
    List<ShareGroupDescribeResponse.TopicPartitions> topics = new ArrayList<>();
    ConsumerGroup.byTopic(owned).forEach((id, partitions) -> {
      Topic topic = cluster.topic(id);
      topics.add(new TopicPartitionsBuilder().topicId(id).topicName(topic == null ? "" : topic.name())
          .partitions(partitions).build());
    });
    return new AssignmentBuilder().topicPartitions(topics).build();
  }
}
