package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's LeaderAndIsr response (API key 4), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 4, type = MessageType.RESPONSE, validVersions = "0-7", flexibleVersions = "4+")
public record LeaderAndIsrResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0-4") List<LeaderAndIsrPartitionError> partitionErrors,
    @Field(versions = "5+") List<LeaderAndIsrTopicError> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record LeaderAndIsrTopicError(
      @Field(versions = "5+", mapKey = true) UUID topicId,
      @Field(versions = "5+") List<LeaderAndIsrPartitionError> partitionErrors,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderAndIsrPartitionError(
      @Field(versions = "0-4", ignorable = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
