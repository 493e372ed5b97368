package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.fake.groups.ShareGroup;
import io.kwire.messages.DeleteShareGroupOffsetsRequest;
import io.kwire.messages.DeleteShareGroupOffsetsResponse;
import io.kwire.messages.DeleteShareGroupOffsetsResponseBuilder;
import io.kwire.messages.DeleteShareGroupOffsetsResponseBuilder.DeleteShareGroupOffsetsResponseTopicBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DeleteShareGroupOffsets (AdminClient's deleteShareGroupOffsets): forgets a share group's state of
 * the named topics (it starts again by share.auto.offset.reset). The group must be a share group
 * without members (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND otherwise).
 */
public final class DeleteShareGroupOffsetsHandler
    implements ApiHandler<DeleteShareGroupOffsetsRequest, DeleteShareGroupOffsetsResponse> {
  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public DeleteShareGroupOffsetsHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<DeleteShareGroupOffsetsResponse> handle(DeleteShareGroupOffsetsRequest request,
      RequestContext context) {
    GroupCoordinator.Lookup<ShareGroup> found = GroupChecks.emptyShareGroup(groups, request.groupId(), context);
    if (found.errorCode() != ErrorCode.NONE) {
      return CompletableFuture.completedFuture(new DeleteShareGroupOffsetsResponseBuilder().errorCode(found.errorCode())
          .errorMessage(found.errorMessage()).responses(List.of()).build());
    }
    ShareGroup group = found.group();
    List<DeleteShareGroupOffsetsResponse.DeleteShareGroupOffsetsResponseTopic> topics = new ArrayList<>();
    for (DeleteShareGroupOffsetsRequest.DeleteShareGroupOffsetsRequestTopic t : request.topics()) {
      Topic topic = cluster.topic(t.topicName());
      if (topic != null) {
        groups.forgetShareTopic(group.groupId(), topic.name());
        group.forgetInitialized(topic.id());
      }
      topics.add(new DeleteShareGroupOffsetsResponseTopicBuilder().topicName(t.topicName())
          .topicId(topic == null ? new UUID(0, 0) : topic.id())
          .errorCode(topic == null ? ErrorCode.UNKNOWN_TOPIC_OR_PARTITION : ErrorCode.NONE).build());
    }
    return CompletableFuture.completedFuture(new DeleteShareGroupOffsetsResponseBuilder().responses(topics).build());
  }
}
