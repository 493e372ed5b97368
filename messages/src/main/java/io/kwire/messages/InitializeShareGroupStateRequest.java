package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's InitializeShareGroupState request (API key 83). */
@ApiKey(value = 83, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record InitializeShareGroupStateRequest(
    @Field(versions = "0+") String groupId,
    @Field(versions = "0+") List<InitializeStateData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record InitializeStateData(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") int stateEpoch,
      @Field(versions = "0+") long startOffset,
      UnknownTaggedFields unknownTaggedFields) {}
}
