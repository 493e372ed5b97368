package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DeleteTopics request (API key 20). */
@ApiKey(value = 20, type = MessageType.REQUEST, validVersions = "0-6", flexibleVersions = "4+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DeleteTopicsRequest(
    @Field(versions = "6+") List<DeleteTopicState> topics,
    @Field(versions = "0-5", ignorable = true, entityType = EntityType.TOPIC_NAME) List<String> topicNames,
    @Field(versions = "0+") int timeoutMs,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteTopicState(
      @Field(versions = "6+", nullableVersions = "6+", defaultValue = "null",
          entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "6+") UUID topicId,
      UnknownTaggedFields unknownTaggedFields) {}
}
