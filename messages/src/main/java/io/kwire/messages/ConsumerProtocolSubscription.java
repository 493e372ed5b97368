package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import java.nio.ByteBuffer;
import java.util.List;

/** Kafka's ConsumerProtocolSubscription data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0-3", flexibleVersions = "none")
public record ConsumerProtocolSubscription(
    @Field(versions = "0+") List<String> topics,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null", zeroCopy = true) ByteBuffer userData,
    @Field(versions = "1+", ignorable = true) List<TopicPartition> ownedPartitions,
    @Field(versions = "2+", ignorable = true, defaultValue = "-1") int generationId,
    @Field(versions = "3+", nullableVersions = "3+", ignorable = true, defaultValue = "null") String rackId) {

  public record TopicPartition(
      @Field(versions = "1+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "1+") List<Integer> partitions) {}
}
