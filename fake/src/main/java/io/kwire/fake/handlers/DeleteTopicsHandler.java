package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DeleteTopicsResponse;
import io.kwire.messages.DeleteTopicsResponseBuilder.DeletableTopicResultBuilder;
import io.kwire.messages.DeleteTopicsResponseBuilder;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DeleteTopics, by name (all versions) or by id (v6+), each topic on its own. A topic named twice
 * is INVALID_REQUEST; an unknown name UNKNOWN_TOPIC_OR_PARTITION, an unknown id UNKNOWN_TOPIC_ID.
 * The groups' offsets of a deleted topic go with it.
 */
public final class DeleteTopicsHandler implements ApiHandler<DeleteTopicsRequest, DeleteTopicsResponse> {
  private static final UUID NO_ID = new UUID(0, 0);

  private final ClusterState cluster;
  private final GroupCoordinator groups;

  public DeleteTopicsHandler(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  @Override
  public CompletionStage<DeleteTopicsResponse> handle(DeleteTopicsRequest request, RequestContext context) {
    List<DeleteTopicsRequest.DeleteTopicState> wanted = new ArrayList<>();
    if (context.apiVersion() >= 6) {
      wanted.addAll(request.topics());
    } else {
      for (String name : request.topicNames()) {
        wanted.add(new DeleteTopicsRequest.DeleteTopicState(name, NO_ID, UnknownTaggedFields.EMPTY));
      }
    }
    Set<Object> repeated = Repeated.keys(wanted, DeleteTopicsHandler::key);
    List<DeleteTopicsResponse.DeletableTopicResult> results = new ArrayList<>();
    for (DeleteTopicsRequest.DeleteTopicState t : wanted) {
      DeletableTopicResultBuilder result = new DeletableTopicResultBuilder().name(t.name()).topicId(t.topicId());
      if (t.name() != null && !t.topicId().equals(NO_ID) || t.name() == null && t.topicId().equals(NO_ID)) {
        results.add(result.errorCode(ErrorCode.INVALID_REQUEST)
            .errorMessage("Each topic must be named either by its name or by its id").build());
        continue;
      }
      if (repeated.contains(key(t))) {
        results.add(result.errorCode(ErrorCode.INVALID_REQUEST)
            .errorMessage(t.name() != null ? "Duplicate topic name." : "Duplicate topic id.").build());
        continue;
      }
      Topic topic = t.name() != null ? cluster.topic(t.name()) : cluster.topic(t.topicId());
      if (topic == null) {
        results.add(t.name() != null
            ? result.errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
                .errorMessage("This server does not host this topic-partition.").build()
            : result.errorCode(ErrorCode.UNKNOWN_TOPIC_ID)
                .errorMessage("This server does not host this topic ID.").build());
        continue;
      }
      cluster.deleteTopic(topic);
      groups.forgetTopic(topic.name());
      results.add(result.name(topic.name()).topicId(topic.id()).build());
    }
    return CompletableFuture.completedFuture(new DeleteTopicsResponseBuilder().responses(results).build());
  }

  private static Object key(DeleteTopicsRequest.DeleteTopicState t) {
    return t.name() != null ? t.name() : t.topicId();
  }
}
