package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's StreamsGroupDescribe response (API key 89). */
@ApiKey(value = 89, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record StreamsGroupDescribeResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DescribedGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribedGroup(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+") String groupState,
      @Field(versions = "0+") int groupEpoch,
      @Field(versions = "0+") int assignmentEpoch,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Topology topology,
      @Field(versions = "0+") List<Member> members,
      @Field(versions = "0+", defaultValue = "-2147483648") int authorizedOperations,
      @Field(versions = "1+", nullableVersions = "1+", defaultValue = "null") TopologyDescription topologyDescription,
      @Field(versions = "1+", defaultValue = "0") byte topologyDescriptionStatus,
      @Field(versions = "1+", nullableVersions = "1+", ignorable = true, defaultValue = "null") String assignorName,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Topology(
      @Field(versions = "0+") int epoch,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<Subtopology> subtopologies,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Subtopology(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) List<String> sourceTopics,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) List<String> repartitionSinkTopics,
      @Field(versions = "0+") List<TopicInfo> stateChangelogTopics,
      @Field(versions = "0+") List<TopicInfo> repartitionSourceTopics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Member(
      @Field(versions = "0+") String memberId,
      @Field(versions = "0+") int memberEpoch,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String instanceId,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rackId,
      @Field(versions = "0+") String clientId,
      @Field(versions = "0+") String clientHost,
      @Field(versions = "0+") int topologyEpoch,
      @Field(versions = "0+") String processId,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Endpoint userEndpoint,
      @Field(versions = "0+") List<KeyValue> clientTags,
      @Field(versions = "0+") List<TaskOffset> taskOffsets,
      @Field(versions = "0+") List<TaskOffset> taskEndOffsets,
      @Field(versions = "0+") Assignment assignment,
      @Field(versions = "0+") Assignment targetAssignment,
      @Field(versions = "0+") boolean isClassic,
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

  public record Assignment(
      @Field(versions = "0+") List<TaskIds> activeTasks,
      @Field(versions = "0+") List<TaskIds> standbyTasks,
      @Field(versions = "0+") List<TaskIds> warmupTasks,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TaskIds(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+") List<Integer> partitions,
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

  public record TopologyDescription(
      @Field(versions = "1+") List<TopologyDescriptionSubtopology> subtopologies,
      @Field(versions = "1+") List<TopologyDescriptionGlobalStore> globalStores,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopologyDescriptionSubtopology(
      @Field(versions = "1+") String subtopologyId,
      @Field(versions = "1+") List<TopologyDescriptionNode> nodes,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopologyDescriptionNode(
      @Field(versions = "1+") String name,
      @Field(versions = "1+") byte nodeType,
      @Field(versions = "1+", entityType = EntityType.TOPIC_NAME) List<String> sourceTopics,
      @Field(versions = "1+", nullableVersions = "1+", defaultValue = "null",
          entityType = EntityType.TOPIC_NAME) String sinkTopic,
      @Field(versions = "1+") List<String> stores,
      @Field(versions = "1+") List<String> successors,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopologyDescriptionGlobalStore(
      @Field(versions = "1+") TopologyDescriptionNode source,
      @Field(versions = "1+") TopologyDescriptionNode processor,
      UnknownTaggedFields unknownTaggedFields) {}
}
