package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListPartitionReassignments response (API key 46). */
@ApiKey(value = 46, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record ListPartitionReassignmentsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0+") List<OngoingTopicReassignment> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record OngoingTopicReassignment(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<OngoingPartitionReassignment> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OngoingPartitionReassignment(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> replicas,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> addingReplicas,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> removingReplicas,
      UnknownTaggedFields unknownTaggedFields) {}
}
