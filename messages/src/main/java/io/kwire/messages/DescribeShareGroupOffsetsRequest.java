package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeShareGroupOffsets request (API key 90). */
@ApiKey(value = 90, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record DescribeShareGroupOffsetsRequest(
    @Field(versions = "0+") List<DescribeShareGroupOffsetsRequestGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeShareGroupOffsetsRequestGroup(
      @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+", nullableVersions = "0+") List<DescribeShareGroupOffsetsRequestTopic> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeShareGroupOffsetsRequestTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
