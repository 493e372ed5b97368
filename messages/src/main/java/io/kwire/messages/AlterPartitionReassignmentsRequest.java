package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterPartitionReassignments request (API key 45). */
@ApiKey(value = 45, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record AlterPartitionReassignmentsRequest(
    @Field(versions = "0+", defaultValue = "60000") int timeoutMs,
    @Field(versions = "1+", defaultValue = "true") boolean allowReplicationFactorChange,
    @Field(versions = "0+") List<ReassignableTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReassignableTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<ReassignablePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ReassignablePartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
          entityType = EntityType.BROKER_ID) List<Integer> replicas,
      UnknownTaggedFields unknownTaggedFields) {}
}
