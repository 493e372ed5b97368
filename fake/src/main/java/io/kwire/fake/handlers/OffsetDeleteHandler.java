package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.groups.Group;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.OffsetDeleteRequest;
import io.kwire.messages.OffsetDeleteResponse;
import io.kwire.messages.OffsetDeleteResponseBuilder;
import io.kwire.messages.OffsetDeleteResponseBuilder.OffsetDeleteResponsePartitionBuilder;
import io.kwire.messages.OffsetDeleteResponseBuilder.OffsetDeleteResponseTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * OffsetDelete (AdminClient's deleteConsumerGroupOffsets): a group's committed offsets of the
 * named partitions are dropped (NONE also for a partition without one, as Kafka answers).
 * GROUP_ID_NOT_FOUND for an unknown group; a partition of a topic the group still consumes is
 * GROUP_SUBSCRIBED_TO_TOPIC and kept: for a KIP-848 group, a topic a member subscribes to (by name
 * or regex); for a classic group with members, every topic (the fake does not read the members'
 * subscriptions out of their protocol metadata, where Kafka does).
 */
public final class OffsetDeleteHandler implements ApiHandler<OffsetDeleteRequest, OffsetDeleteResponse> {
  private final GroupCoordinator groups;

  public OffsetDeleteHandler(GroupCoordinator groups) {
    this.groups = groups;
  }

  @Override
  public CompletionStage<OffsetDeleteResponse> handle(OffsetDeleteRequest request, RequestContext context) {
    short error = GroupChecks.coordinator(groups, request.groupId(), context);
    Group group = error == ErrorCode.NONE ? groups.group(request.groupId()) : null;
    if (error == ErrorCode.NONE && group == null) {
      error = ErrorCode.GROUP_ID_NOT_FOUND;
    }
    if (error != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(new OffsetDeleteResponseBuilder().errorCode(error).topics(List.of())
          .build());
    }
    List<OffsetDeleteResponse.OffsetDeleteResponseTopic> topics = new ArrayList<>();
    for (OffsetDeleteRequest.OffsetDeleteRequestTopic t : request.topics()) {
      List<OffsetDeleteResponse.OffsetDeleteResponsePartition> partitions = new ArrayList<>();
      for (OffsetDeleteRequest.OffsetDeleteRequestPartition p : t.partitions()) {
        partitions.add(new OffsetDeleteResponsePartitionBuilder().partitionIndex(p.partitionIndex())
            .errorCode(groups.deleteOffset(group, t.name(), p.partitionIndex())).build());
      }
      topics.add(new OffsetDeleteResponseTopicBuilder().name(t.name()).partitions(partitions).build());
    }
    return CompletableFuture.completedFuture(new OffsetDeleteResponseBuilder().topics(topics).build());
  }

}
