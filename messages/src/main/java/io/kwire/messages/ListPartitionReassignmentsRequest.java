package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListPartitionReassignments request (API key 46). */
@ApiKey(value = 46, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record ListPartitionReassignmentsRequest(
    @Field(versions = "0+", defaultValue = "60000") int timeoutMs,
    @Field(versions = "0+", nullableVersions = "0+",
        defaultValue = "null") List<ListPartitionReassignmentsTopics> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record ListPartitionReassignmentsTopics(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<Integer> partitionIndexes,
      UnknownTaggedFields unknownTaggedFields) {}
}
