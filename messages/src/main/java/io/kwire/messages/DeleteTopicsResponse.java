package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DeleteTopics response (API key 20). */
@ApiKey(value = 20, type = MessageType.RESPONSE, validVersions = "0-6", flexibleVersions = "4+")
public record DeleteTopicsResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<DeletableTopicResult> responses,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeletableTopicResult(
      @Field(versions = "0+", nullableVersions = "6+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "6+", ignorable = true) UUID topicId,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
