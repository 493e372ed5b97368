package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ControlledShutdown response (API key 7), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 7, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "3+")
public record ControlledShutdownResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<RemainingPartition> remainingPartitions,
    UnknownTaggedFields unknownTaggedFields) {

  public record RemainingPartition(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      UnknownTaggedFields unknownTaggedFields) {}
}
