package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ElectLeaders request (API key 43). */
@ApiKey(value = 43, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "2+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record ElectLeadersRequest(
    @Field(versions = "1+") byte electionType,
    @Field(versions = "0+", nullableVersions = "0+") List<TopicPartitions> topicPartitions,
    @Field(versions = "0+", defaultValue = "60000") int timeoutMs,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicPartitions(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
