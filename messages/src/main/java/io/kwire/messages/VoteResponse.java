package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's Vote response (API key 52). */
@ApiKey(value = 52, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record VoteResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<TopicData> topics,
    @Field(versions = "1+", tag = 0, taggedVersions = "1+") List<NodeEndpoint> nodeEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0+") boolean voteGranted,
      UnknownTaggedFields unknownTaggedFields) {}

  public record NodeEndpoint(
      @Field(versions = "1+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "1+") String host,
      @Field(versions = "1+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}
}
