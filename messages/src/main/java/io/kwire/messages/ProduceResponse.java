package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Produce response (API key 0). */
@ApiKey(value = 0, type = MessageType.RESPONSE, validVersions = "0-13", flexibleVersions = "9+")
public record ProduceResponse(
    @Field(versions = "0+") List<TopicProduceResponse> responses,
    @Field(versions = "1+", ignorable = true, defaultValue = "0") int throttleTimeMs,
    @Field(versions = "10+", tag = 0, taggedVersions = "10+") List<NodeEndpoint> nodeEndpoints,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicProduceResponse(
      @Field(versions = "0-12", ignorable = true, mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "13+", ignorable = true, mapKey = true) UUID topicId,
      @Field(versions = "0+") List<PartitionProduceResponse> partitionResponses,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionProduceResponse(
      @Field(versions = "0+") int index,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") long baseOffset,
      @Field(versions = "2+", ignorable = true, defaultValue = "-1") long logAppendTimeMs,
      @Field(versions = "5+", ignorable = true, defaultValue = "-1") long logStartOffset,
      @Field(versions = "8+", ignorable = true) List<BatchIndexAndErrorMessage> recordErrors,
      @Field(versions = "8+", nullableVersions = "8+", ignorable = true, defaultValue = "null") String errorMessage,
      @Field(versions = "10+", tag = 0, taggedVersions = "10+") LeaderIdAndEpoch currentLeader,
      UnknownTaggedFields unknownTaggedFields) {}

  public record BatchIndexAndErrorMessage(
      @Field(versions = "8+") int batchIndex,
      @Field(versions = "8+", nullableVersions = "8+", defaultValue = "null") String batchIndexErrorMessage,
      UnknownTaggedFields unknownTaggedFields) {}

  public record LeaderIdAndEpoch(
      @Field(versions = "10+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "10+", defaultValue = "-1") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record NodeEndpoint(
      @Field(versions = "10+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "10+") String host,
      @Field(versions = "10+") int port,
      @Field(versions = "10+", nullableVersions = "10+", defaultValue = "null") String rack,
      UnknownTaggedFields unknownTaggedFields) {}
}
