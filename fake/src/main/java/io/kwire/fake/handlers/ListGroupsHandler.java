package io.kwire.fake.handlers;

import io.kwire.fake.groups.Group;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.ListGroupsRequest;
import io.kwire.messages.ListGroupsResponse;
import io.kwire.messages.ListGroupsResponseBuilder;
import io.kwire.messages.ListGroupsResponseBuilder.ListedGroupBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ListGroups: the groups this broker coordinates (clients ask every broker), filtered by state
 * (v4+, case-insensitive) and type (v5+: "classic", "consumer" for KIP-848 groups).
 */
public final class ListGroupsHandler implements ApiHandler<ListGroupsRequest, ListGroupsResponse> {
  private final GroupCoordinator groups;

  public ListGroupsHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<ListGroupsResponse> handle(ListGroupsRequest request, RequestContext context) {
    List<ListGroupsResponse.ListedGroup> listed = new ArrayList<>();
    for (Group g : groups.groups()) {
      String type = g.type().wireName();
      String state = g.stateName();
      if (groups.coordinatorFor(g.groupId()) != context.brokerId()
          || !request.statesFilter().isEmpty()
              && request.statesFilter().stream().noneMatch(s -> s.equalsIgnoreCase(state))
          || !request.typesFilter().isEmpty()
              && request.typesFilter().stream().noneMatch(t -> t.equalsIgnoreCase(type))) {
        continue;
      }
      listed.add(new ListedGroupBuilder().groupId(g.groupId())
          .protocolType(g.protocolType())
          .groupState(state).groupType(type).build());
    }
    return CompletableFuture.completedFuture(new ListGroupsResponseBuilder().groups(listed).build());
  }
}
