package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's StopReplica response (API key 5), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 5, type = MessageType.RESPONSE, validVersions = "0-4", flexibleVersions = "2+")
public record StopReplicaResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<StopReplicaPartitionError> partitionErrors,
    UnknownTaggedFields unknownTaggedFields) {

  public record StopReplicaPartitionError(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
