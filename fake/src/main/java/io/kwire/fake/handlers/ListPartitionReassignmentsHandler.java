package io.kwire.fake.handlers;

import io.kwire.messages.ListPartitionReassignmentsRequest;
import io.kwire.messages.ListPartitionReassignmentsResponse;
import io.kwire.messages.ListPartitionReassignmentsResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * ListPartitionReassignments: the ongoing reassignments of the named topics (all when null),
 * which on the fake are always none, as its reassignments complete at once
 * ({@link AlterPartitionReassignmentsHandler}); unknown topics are left out, as Kafka's controller
 * leaves them.
 */
public final class ListPartitionReassignmentsHandler
    implements ApiHandler<ListPartitionReassignmentsRequest, ListPartitionReassignmentsResponse> {
  @Override
  public CompletionStage<ListPartitionReassignmentsResponse> handle(ListPartitionReassignmentsRequest request,
      RequestContext context) {
    return CompletableFuture.completedFuture(new ListPartitionReassignmentsResponseBuilder().errorMessage(null)
        .build());
  }
}
