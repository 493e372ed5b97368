package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's StreamsGroupHeartbeat response (API key 88). */
@ApiKey(value = 88, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record StreamsGroupHeartbeatResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "0+") String memberId,
    @Field(versions = "0+") int memberEpoch,
    @Field(versions = "0+") int heartbeatIntervalMs,
    @Field(versions = "0") int acceptableRecoveryLagLegacy,
    @Field(versions = "0+") int taskOffsetIntervalMs,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1") long acceptableRecoveryLag,
    @Field(versions = "0+", nullableVersions = "0+") List<Status> status,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskIds> activeTasks,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskIds> standbyTasks,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskIds> warmupTasks,
    @Field(versions = "1+", defaultValue = "false") boolean topologyDescriptionRequired,
    @Field(versions = "0+") int endpointInformationEpoch,
    @Field(versions = "0+", nullableVersions = "0+",
        defaultValue = "null") List<EndpointToPartitions> partitionsByUserEndpoint,
    UnknownTaggedFields unknownTaggedFields) {

  public record EndpointToPartitions(
      @Field(versions = "0+") Endpoint userEndpoint,
      @Field(versions = "0+") List<TopicPartition> activePartitions,
      @Field(versions = "0+") List<TopicPartition> standbyPartitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Status(
      @Field(versions = "0+") byte statusCode,
      @Field(versions = "0+") String statusDetail,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopicPartition(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TaskIds(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Endpoint(
      @Field(versions = "0+") String host,
      @Field(versions = "0+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}
}
