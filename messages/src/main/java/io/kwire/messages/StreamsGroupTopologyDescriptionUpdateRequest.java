package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's StreamsGroupTopologyDescriptionUpdate request (API key 93). */
@ApiKey(value = 93, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record StreamsGroupTopologyDescriptionUpdateRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") String memberId,
    @Field(versions = "0+") int topologyEpoch,
    @Field(versions = "0+") TopologyDescription topologyDescription,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopologyDescription(
      @Field(versions = "0+") List<TopologyDescriptionSubtopology> subtopologies,
      @Field(versions = "0+") List<TopologyDescriptionGlobalStore> globalStores,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopologyDescriptionSubtopology(
      @Field(versions = "0+") String subtopologyId,
      @Field(versions = "0+") List<TopologyDescriptionNode> nodes,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopologyDescriptionNode(
      @Field(versions = "0+") String name,
      @Field(versions = "0+") byte nodeType,
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) List<String> sourceTopics,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
          entityType = EntityType.TOPIC_NAME) String sinkTopic,
      @Field(versions = "0+") List<String> stores,
      @Field(versions = "0+") List<String> successors,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopologyDescriptionGlobalStore(
      @Field(versions = "0+") TopologyDescriptionNode source,
      @Field(versions = "0+") TopologyDescriptionNode processor,
      UnknownTaggedFields unknownTaggedFields) {}
}
