package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's CreatePartitions request (API key 37). */
@ApiKey(value = 37, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record CreatePartitionsRequest(
    @Field(versions = "0+") List<CreatePartitionsTopic> topics,
    @Field(versions = "0+") int timeoutMs,
    @Field(versions = "0+") boolean validateOnly,
    UnknownTaggedFields unknownTaggedFields) {

  public record CreatePartitionsTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") int count,
      @Field(versions = "0+", nullableVersions = "0+") List<CreatePartitionsAssignment> assignments,
      UnknownTaggedFields unknownTaggedFields) {}

  public record CreatePartitionsAssignment(
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> brokerIds,
      UnknownTaggedFields unknownTaggedFields) {}
}
