package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterPartitionReassignments response (API key 45). */
@ApiKey(value = 45, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record AlterPartitionReassignmentsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "1+", ignorable = true, defaultValue = "true") boolean allowReplicationFactorChange,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0+") List<ReassignableTopicResponse> responses,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReassignableTopicResponse(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<ReassignablePartitionResponse> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ReassignablePartitionResponse(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
