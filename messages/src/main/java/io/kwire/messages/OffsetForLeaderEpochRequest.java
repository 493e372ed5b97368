package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's OffsetForLeaderEpoch request (API key 23). */
@ApiKey(value = 23, type = MessageType.REQUEST, validVersions = "0-4", flexibleVersions = "4+",
    deprecatedVersions = "0-1", listeners = {Listener.BROKER})
public record OffsetForLeaderEpochRequest(
    @Field(versions = "3+", ignorable = true, defaultValue = "-2", entityType = EntityType.BROKER_ID) int replicaId,
    @Field(versions = "0+") List<OffsetForLeaderTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record OffsetForLeaderTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<OffsetForLeaderPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetForLeaderPartition(
      @Field(versions = "0+") int partition,
      @Field(versions = "2+", ignorable = true, defaultValue = "-1") int currentLeaderEpoch,
      @Field(versions = "0+") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}
}
