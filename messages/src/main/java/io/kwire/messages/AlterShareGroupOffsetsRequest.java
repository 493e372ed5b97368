package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterShareGroupOffsets request (API key 91). */
@ApiKey(value = 91, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record AlterShareGroupOffsetsRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") List<AlterShareGroupOffsetsRequestTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterShareGroupOffsetsRequestTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<AlterShareGroupOffsetsRequestPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AlterShareGroupOffsetsRequestPartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") long startOffset,
      UnknownTaggedFields unknownTaggedFields) {}
}
