package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's CreateTopics request (API key 19). */
@ApiKey(value = 19, type = MessageType.REQUEST, validVersions = "0-7", flexibleVersions = "5+",
    deprecatedVersions = "0-1", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record CreateTopicsRequest(
    @Field(versions = "0+") List<CreatableTopic> topics,
    @Field(versions = "0+", defaultValue = "60000", name = "timeoutMs") int timeoutMs,
    @Field(versions = "1+", defaultValue = "false", name = "validateOnly") boolean validateOnly,
    UnknownTaggedFields unknownTaggedFields) {

  public record CreatableTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") int numPartitions,
      @Field(versions = "0+") short replicationFactor,
      @Field(versions = "0+") List<CreatableReplicaAssignment> assignments,
      @Field(versions = "0+") List<CreatableTopicConfig> configs,
      UnknownTaggedFields unknownTaggedFields) {}

  public record CreatableReplicaAssignment(
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> brokerIds,
      UnknownTaggedFields unknownTaggedFields) {}

  public record CreatableTopicConfig(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+", nullableVersions = "0+") String value,
      UnknownTaggedFields unknownTaggedFields) {}
}
