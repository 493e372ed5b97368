package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.DeleteGroupsRequest;
import io.kwire.messages.DeleteGroupsResponse;
import io.kwire.messages.DeleteGroupsResponseBuilder;
import io.kwire.messages.DeleteGroupsResponseBuilder.DeletableGroupResultBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** DeleteGroups: an empty group of any type goes with its offsets; one with members is NON_EMPTY_GROUP. */
public final class DeleteGroupsHandler implements ApiHandler<DeleteGroupsRequest, DeleteGroupsResponse> {
  private final GroupCoordinator groups;

  public DeleteGroupsHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<DeleteGroupsResponse> handle(DeleteGroupsRequest request, RequestContext context) {
    List<DeleteGroupsResponse.DeletableGroupResult> results = new ArrayList<>();
    for (String id : request.groupsNames()) {
      short error = GroupChecks.coordinator(groups, id, context);
      if (error == ErrorCode.NONE) {
        error = groups.delete(id);
      }
      results.add(new DeletableGroupResultBuilder().groupId(id).errorCode(error).build());
    }
    return CompletableFuture.completedFuture(new DeleteGroupsResponseBuilder().results(results).build());
  }
}
