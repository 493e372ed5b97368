package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ElectLeaders response (API key 43). */
@ApiKey(value = 43, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "2+")
public record ElectLeadersResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "1+") short errorCode,
    @Field(versions = "0+") List<ReplicaElectionResult> replicaElectionResults,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReplicaElectionResult(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<PartitionResult> partitionResult,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResult(
      @Field(versions = "0+") int partitionId,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
