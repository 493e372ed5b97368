package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.ClassicGroup;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.DescribeGroupsResponse;
import io.kwire.messages.DescribeGroupsResponseBuilder;
import io.kwire.messages.DescribeGroupsResponseBuilder.DescribedGroupBuilder;
import io.kwire.messages.DescribeGroupsResponseBuilder.DescribedGroupMemberBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeGroups: a group's state, protocol and members (with their subscriptions and, once
 * stable, assignments). A group that does not exist, or is of another type than classic, is "Dead"
 * before v6 and GROUP_ID_NOT_FOUND from v6 (with Kafka's message: not found, or not a classic
 * group), as in Kafka.
 */
public final class DescribeGroupsHandler implements ApiHandler<DescribeGroupsRequest, DescribeGroupsResponse> {
  private final GroupCoordinator groups;

  public DescribeGroupsHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<DescribeGroupsResponse> handle(DescribeGroupsRequest request, RequestContext context) {
    List<DescribeGroupsResponse.DescribedGroup> described = new ArrayList<>();
    for (String id : request.groups()) {
      DescribedGroupBuilder out = new DescribedGroupBuilder().groupId(id).groupState("Dead").protocolType("")
          .protocolData("");
      short error = GroupChecks.coordinator(groups, id, context);
      GroupCoordinator.Lookup<ClassicGroup> found = groups.classic(id);
      ClassicGroup group = found.group();
      if (error != ErrorCode.NONE) {
        out.errorCode(error);
      } else if (group == null) {
        if (context.apiVersion() >= 6) {
          out.errorCode(found.errorCode()).errorMessage(found.errorMessage());
        }
      } else {
        List<DescribeGroupsResponse.DescribedGroupMember> members = new ArrayList<>();
        for (ClassicGroup.MemberView m : group.members()) {
          members.add(new DescribedGroupMemberBuilder().memberId(m.memberId()).groupInstanceId(m.client().instanceId())
              .clientId(m.client().id())
              .clientHost(m.client().host()).memberMetadata(m.metadata()).memberAssignment(m.assignment()).build());
        }
        out.groupState(group.stateName()).protocolType(group.protocolType()).protocolData(group.protocolName())
            .members(members);
      }
      described.add(out.build());
    }
    return CompletableFuture.completedFuture(new DescribeGroupsResponseBuilder().groups(described).build());
  }
}
