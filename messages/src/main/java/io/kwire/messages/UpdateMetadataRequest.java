package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's UpdateMetadata request (API key 6), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 6, type = MessageType.REQUEST, validVersions = "0-8", flexibleVersions = "6+",
    listeners = {Listener.ZK_BROKER})
public record UpdateMetadataRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int controllerId,
    @Field(versions = "8+", defaultValue = "false", name = "isKRaftController") boolean isKRaftController,
    @Field(versions = "8+", tag = 0, taggedVersions = "8+", defaultValue = "0") byte type,
    @Field(versions = "0+") int controllerEpoch,
    @Field(versions = "5+", ignorable = true, defaultValue = "-1") long brokerEpoch,
    @Field(versions = "0-4") List<UpdateMetadataPartitionState> ungroupedPartitionStates,
    @Field(versions = "5+") List<UpdateMetadataTopicState> topicStates,
    @Field(versions = "0+") List<UpdateMetadataBroker> liveBrokers,
    UnknownTaggedFields unknownTaggedFields) {

  public record UpdateMetadataTopicState(
      @Field(versions = "5+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "7+", ignorable = true) UUID topicId,
      @Field(versions = "5+") List<UpdateMetadataPartitionState> partitionStates,
      UnknownTaggedFields unknownTaggedFields) {}

  public record UpdateMetadataBroker(
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int id,
      @Field(versions = "0", ignorable = true) String v0Host,
      @Field(versions = "0", ignorable = true) int v0Port,
      @Field(versions = "1+", ignorable = true) List<UpdateMetadataEndpoint> endpoints,
      @Field(versions = "2+", nullableVersions = "0+", ignorable = true) String rack,
      UnknownTaggedFields unknownTaggedFields) {}

  public record UpdateMetadataEndpoint(
      @Field(versions = "1+") int port,
      @Field(versions = "1+") String host,
      @Field(versions = "3+", ignorable = true) String listener,
      @Field(versions = "1+") short securityProtocol,
      UnknownTaggedFields unknownTaggedFields) {}

  public record UpdateMetadataPartitionState(
      @Field(versions = "0-4", ignorable = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") int controllerEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leader,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> isr,
      @Field(versions = "0+") int zkVersion,
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) List<Integer> replicas,
      @Field(versions = "4+", ignorable = true, entityType = EntityType.BROKER_ID) List<Integer> offlineReplicas,
      UnknownTaggedFields unknownTaggedFields) {}
}
