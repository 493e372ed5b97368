package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListOffsets request (API key 2). */
@ApiKey(value = 2, type = MessageType.REQUEST, validVersions = "0-11", flexibleVersions = "6+",
    deprecatedVersions = "0", listeners = {Listener.BROKER})
public record ListOffsetsRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int replicaId,
    @Field(versions = "2+") byte isolationLevel,
    @Field(versions = "0+") List<ListOffsetsTopic> topics,
    @Field(versions = "10+", ignorable = true) int timeoutMs,
    UnknownTaggedFields unknownTaggedFields) {

  public record ListOffsetsTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<ListOffsetsPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ListOffsetsPartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "4+", ignorable = true, defaultValue = "-1") int currentLeaderEpoch,
      @Field(versions = "0+") long timestamp,
      @Field(versions = "0", defaultValue = "1") int maxNumOffsets,
      UnknownTaggedFields unknownTaggedFields) {}
}
