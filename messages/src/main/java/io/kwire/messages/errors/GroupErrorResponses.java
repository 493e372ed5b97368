package io.kwire.messages.errors;

import io.kwire.messages.ConsumerGroupDescribeRequest;
import io.kwire.messages.ConsumerGroupDescribeResponse;
import io.kwire.messages.ConsumerGroupDescribeResponseBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.ConsumerGroupHeartbeatResponseBuilder;
import io.kwire.messages.DeleteGroupsRequest;
import io.kwire.messages.DeleteGroupsResponse;
import io.kwire.messages.DeleteGroupsResponseBuilder;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.DescribeGroupsResponse;
import io.kwire.messages.DescribeGroupsResponseBuilder;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.HeartbeatResponseBuilder;
import io.kwire.messages.JoinGroupRequest;
import io.kwire.messages.JoinGroupResponseBuilder;
import io.kwire.messages.LeaveGroupRequest;
import io.kwire.messages.LeaveGroupResponseBuilder;
import io.kwire.messages.ListGroupsRequest;
import io.kwire.messages.ListGroupsResponseBuilder;
import io.kwire.messages.SyncGroupRequest;
import io.kwire.messages.SyncGroupResponseBuilder;
import java.util.ArrayList;
import java.util.List;

/** The error responses of the group coordinator's APIs: the code per group asked for, or at the top level. */
final class GroupErrorResponses {
  private GroupErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(FindCoordinatorRequest.class, GroupErrorResponses::findCoordinator);
    shapes.add(JoinGroupRequest.class, (request, version, code) -> new JoinGroupResponseBuilder().errorCode(code)
        .generationId(-1).protocolName(version >= 7 ? null : "").leader("").memberId("").build());
    shapes.add(SyncGroupRequest.class, (request, version, code) ->
        new SyncGroupResponseBuilder().errorCode(code).build());
    shapes.add(HeartbeatRequest.class, (request, version, code) ->
        new HeartbeatResponseBuilder().errorCode(code).build());
    shapes.add(LeaveGroupRequest.class, (request, version, code) ->
        new LeaveGroupResponseBuilder().errorCode(code).build());
    shapes.add(ListGroupsRequest.class, (request, version, code) ->
        new ListGroupsResponseBuilder().errorCode(code).build());
    shapes.add(DescribeGroupsRequest.class, GroupErrorResponses::describeGroups);
    shapes.add(DeleteGroupsRequest.class, GroupErrorResponses::deleteGroups);
    shapes.add(ConsumerGroupHeartbeatRequest.class, (request, version, code) ->
        new ConsumerGroupHeartbeatResponseBuilder().errorCode(code).build());
    shapes.add(ConsumerGroupDescribeRequest.class, GroupErrorResponses::consumerGroupDescribe);
  }

  /** No coordinator: before v4 at the top level, from v4 for every key asked for. */
  static FindCoordinatorResponse findCoordinator(FindCoordinatorRequest request, short version, short errorCode) {
    if (version < 4) {
      return new FindCoordinatorResponseBuilder().errorCode(errorCode).errorMessage(null).nodeId(-1).host("").port(-1)
          .build();
    }
    List<FindCoordinatorResponse.Coordinator> coordinators = new ArrayList<>();
    for (String key : request.coordinatorKeys()) {
      coordinators.add(new FindCoordinatorResponseBuilder.CoordinatorBuilder().key(key).errorCode(errorCode)
          .errorMessage(null).nodeId(-1).host("").port(-1).build());
    }
    return new FindCoordinatorResponseBuilder().coordinators(coordinators).build();
  }

  static DescribeGroupsResponse describeGroups(DescribeGroupsRequest request, short version, short errorCode) {
    List<DescribeGroupsResponse.DescribedGroup> groups = new ArrayList<>();
    for (String id : request.groups()) {
      groups.add(new DescribeGroupsResponseBuilder.DescribedGroupBuilder().groupId(id).errorCode(errorCode)
          .groupState("").protocolType("").protocolData("").build());
    }
    return new DescribeGroupsResponseBuilder().groups(groups).build();
  }

  static DeleteGroupsResponse deleteGroups(DeleteGroupsRequest request, short version, short errorCode) {
    List<DeleteGroupsResponse.DeletableGroupResult> groups = new ArrayList<>();
    for (String id : request.groupsNames()) {
      groups.add(new DeleteGroupsResponseBuilder.DeletableGroupResultBuilder().groupId(id).errorCode(errorCode)
          .build());
    }
    return new DeleteGroupsResponseBuilder().results(groups).build();
  }

  static ConsumerGroupDescribeResponse consumerGroupDescribe(ConsumerGroupDescribeRequest request, short version,
      short errorCode) {
    List<ConsumerGroupDescribeResponse.DescribedGroup> groups = new ArrayList<>();
    for (String id : request.groupIds()) {
      groups.add(new ConsumerGroupDescribeResponseBuilder.DescribedGroupBuilder().groupId(id).errorCode(errorCode)
          .build());
    }
    return new ConsumerGroupDescribeResponseBuilder().groups(groups).build();
  }
}
