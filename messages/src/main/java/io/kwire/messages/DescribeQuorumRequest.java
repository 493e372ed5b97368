package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeQuorum request (API key 55). */
@ApiKey(value = 55, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DescribeQuorumRequest(
    @Field(versions = "0+") List<TopicData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicData(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partitionIndex,
      UnknownTaggedFields unknownTaggedFields) {}
}
