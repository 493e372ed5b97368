package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Vote request (API key 52). */
@ApiKey(value = 52, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record VoteRequest(
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String clusterId,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1", entityType = EntityType.BROKER_ID) int voterId,
    @Field(versions = "0+") List<TopicData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") int replicaEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int replicaId,
      @Field(versions = "1+", ignorable = true) UUID replicaDirectoryId,
      @Field(versions = "1+", ignorable = true) UUID voterDirectoryId,
      @Field(versions = "0+") int lastOffsetEpoch,
      @Field(versions = "0+") long lastOffset,
      @Field(versions = "2+") boolean preVote,
      UnknownTaggedFields unknownTaggedFields) {}
}
