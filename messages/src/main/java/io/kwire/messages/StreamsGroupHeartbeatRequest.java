package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's StreamsGroupHeartbeat request (API key 88). */
@ApiKey(value = 88, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record StreamsGroupHeartbeatRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") String memberId,
    @Field(versions = "0+") int memberEpoch,
    @Field(versions = "0+") int endpointInformationEpoch,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String instanceId,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rackId,
    @Field(versions = "0+", defaultValue = "-1") int rebalanceTimeoutMs,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Topology topology,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskIds> activeTasks,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskIds> standbyTasks,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskIds> warmupTasks,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String processId,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Endpoint userEndpoint,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<KeyValue> clientTags,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskOffset> taskOffsets,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TaskOffset> taskEndOffsets,
    @Field(versions = "0+", defaultValue = "false") boolean shutdownApplication,
    UnknownTaggedFields unknownTaggedFields) {

  public record Topology(
      @Field(versions = "0+") int epoch,
      @Field(versions = "0+") List<Subtopology> subtopologies,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Subtopology(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) List<String> sourceTopics,
      @Field(versions = "0+") List<String> sourceTopicRegex,
      @Field(versions = "0+") List<TopicInfo> stateChangelogTopics,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) List<String> repartitionSinkTopics,
      @Field(versions = "0+") List<TopicInfo> repartitionSourceTopics,
      @Field(versions = "0+") List<CopartitionGroup> copartitionGroups,
      UnknownTaggedFields unknownTaggedFields) {}

  public record CopartitionGroup(
      @Field(versions = "0+") List<Short> sourceTopics,
      @Field(versions = "0+") List<Short> sourceTopicRegex,
      @Field(versions = "0+") List<Short> repartitionSourceTopics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record KeyValue(
      @Field(versions = "0+") String key,
      @Field(versions = "0+") String value,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopicInfo(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") int partitions,
      @Field(versions = "0+") short replicationFactor,
      @Field(versions = "0+") List<KeyValue> topicConfigs,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Endpoint(
      @Field(versions = "0+") String host,
      @Field(versions = "0+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TaskOffset(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") long offset,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TaskIds(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
