package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DescribeTopicPartitions response (API key 75). */
@ApiKey(value = 75, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record DescribeTopicPartitionsResponse(
    @Field(versions = "0+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<DescribeTopicPartitionsResponseTopic> topics,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Cursor nextCursor,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeTopicPartitionsResponseTopic(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+", ignorable = true) UUID topicId,
      @Field(versions = "0+", ignorable = true, defaultValue = "false") boolean isInternal,
      @Field(versions = "0+") List<DescribeTopicPartitionsResponsePartition> partitions,
      @Field(versions = "0+", defaultValue = "-2147483648") int topicAuthorizedOperations,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeTopicPartitionsResponsePartition(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+", ignorable = true, defaultValue = "-1") int leaderEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> replicaNodes,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> isrNodes,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
          entityType = EntityType.BROKER_ID) List<Integer> eligibleLeaderReplicas,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
          entityType = EntityType.BROKER_ID) List<Integer> lastKnownElr,
      @Field(versions = "0+", ignorable = true, entityType = EntityType.BROKER_ID) List<Integer> offlineReplicas,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Cursor(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") int partitionIndex,
      UnknownTaggedFields unknownTaggedFields) {}
}
