package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeTopicPartitions request (API key 75). */
@ApiKey(value = 75, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record DescribeTopicPartitionsRequest(
    @Field(versions = "0+") List<TopicRequest> topics,
    @Field(versions = "0+", defaultValue = "2000") int responsePartitionLimit,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Cursor cursor,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicRequest(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Cursor(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") int partitionIndex,
      UnknownTaggedFields unknownTaggedFields) {}
}
