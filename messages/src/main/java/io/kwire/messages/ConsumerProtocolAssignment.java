package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import java.nio.ByteBuffer;
import java.util.List;

/** Kafka's ConsumerProtocolAssignment data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0-3", flexibleVersions = "none")
public record ConsumerProtocolAssignment(
    @Field(versions = "0+") List<TopicPartition> assignedPartitions,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null", zeroCopy = true) ByteBuffer userData) {

  public record TopicPartition(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<Integer> partitions) {}
}
