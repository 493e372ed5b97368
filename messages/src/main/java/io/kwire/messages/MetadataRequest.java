package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Metadata request (API key 3). */
@ApiKey(value = 3, type = MessageType.REQUEST, validVersions = "0-13", flexibleVersions = "9+",
    listeners = {Listener.BROKER})
public record MetadataRequest(
    @Field(versions = "0+", nullableVersions = "1+") List<MetadataRequestTopic> topics,
    @Field(versions = "4+", defaultValue = "true") boolean allowAutoTopicCreation,
    @Field(versions = "8-10") boolean includeClusterAuthorizedOperations,
    @Field(versions = "8+") boolean includeTopicAuthorizedOperations,
    UnknownTaggedFields unknownTaggedFields) {

  public record MetadataRequestTopic(
      @Field(versions = "10+", ignorable = true) UUID topicId,
      @Field(versions = "0+", nullableVersions = "10+", entityType = EntityType.TOPIC_NAME) String name,
      UnknownTaggedFields unknownTaggedFields) {}
}
