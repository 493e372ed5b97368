package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DeleteShareGroupState request (API key 86). */
@ApiKey(value = 86, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record DeleteShareGroupStateRequest(
    @Field(versions = "0+") String groupId,
    @Field(versions = "0+") List<DeleteStateData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteStateData(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partition,
      UnknownTaggedFields unknownTaggedFields) {}
}
