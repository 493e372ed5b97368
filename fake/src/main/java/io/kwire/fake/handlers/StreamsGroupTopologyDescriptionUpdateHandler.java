package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateRequest;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateResponse;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateResponseBuilder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * StreamsGroupTopologyDescriptionUpdate (93, v0): a member's push of its topology's description,
 * answered as Kafka 4.4 answers it without a {@code group.streams.topology.description.plugin.class}
 * (its default; checked by GroupTypesAgainstKafkaTest): UNSUPPORTED_VERSION, whatever the group and
 * member. The heartbeat never asks for a description, and StreamsGroupDescribe v1 says NOT_STORED.
 */
public final class StreamsGroupTopologyDescriptionUpdateHandler implements
    ApiHandler<StreamsGroupTopologyDescriptionUpdateRequest, StreamsGroupTopologyDescriptionUpdateResponse> {
  @Override
  public CompletionStage<StreamsGroupTopologyDescriptionUpdateResponse> handle(
      StreamsGroupTopologyDescriptionUpdateRequest request, RequestContext context) {
    return CompletableFuture.completedFuture(new StreamsGroupTopologyDescriptionUpdateResponseBuilder()
        .errorCode(ErrorCode.UNSUPPORTED_VERSION)
        .errorMessage("The broker has no streams group topology description plugin configured.").build());
  }
}
