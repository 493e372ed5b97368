package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Metadata response (API key 3). */
@ApiKey(value = 3, type = MessageType.RESPONSE, validVersions = "0-13", flexibleVersions = "9+")
public record MetadataResponse(
    @Field(versions = "3+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<MetadataResponseBroker> brokers,
    @Field(versions = "2+", nullableVersions = "2+", ignorable = true, defaultValue = "null") String clusterId,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1", entityType = EntityType.BROKER_ID) int controllerId,
    @Field(versions = "0+") List<MetadataResponseTopic> topics,
    @Field(versions = "8-10", defaultValue = "-2147483648") int clusterAuthorizedOperations,
    @Field(versions = "13+", ignorable = true) short errorCode,
    UnknownTaggedFields unknownTaggedFields) {

  public record MetadataResponseBroker(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.BROKER_ID) int nodeId,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") int port,
      @Field(versions = "1+", nullableVersions = "1+", ignorable = true, defaultValue = "null") String rack,
      UnknownTaggedFields unknownTaggedFields) {}

  public record MetadataResponseTopic(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "12+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "10+", ignorable = true) UUID topicId,
      @Field(versions = "1+", ignorable = true, defaultValue = "false") boolean isInternal,
      @Field(versions = "0+") List<MetadataResponsePartition> partitions,
      @Field(versions = "8+", defaultValue = "-2147483648") int topicAuthorizedOperations,
      UnknownTaggedFields unknownTaggedFields) {}

  public record MetadataResponsePartition(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "7+", ignorable = true, defaultValue = "-1") int leaderEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> replicaNodes,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> isrNodes,
      @Field(versions = "5+", ignorable = true, entityType = EntityType.BROKER_ID) List<Integer> offlineReplicas,
      UnknownTaggedFields unknownTaggedFields) {}
}
