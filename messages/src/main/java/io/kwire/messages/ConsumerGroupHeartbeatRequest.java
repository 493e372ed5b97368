package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ConsumerGroupHeartbeat request (API key 68). */
@ApiKey(value = 68, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ConsumerGroupHeartbeatRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") String memberId,
    @Field(versions = "0+") int memberEpoch,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String instanceId,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rackId,
    @Field(versions = "0+", defaultValue = "-1") int rebalanceTimeoutMs,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
        entityType = EntityType.TOPIC_NAME) List<String> subscribedTopicNames,
    @Field(versions = "1+", nullableVersions = "1+", defaultValue = "null") String subscribedTopicRegex,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String serverAssignor,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") List<TopicPartitions> topicPartitions,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicPartitions(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
