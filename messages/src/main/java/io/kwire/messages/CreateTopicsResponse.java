package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's CreateTopics response (API key 19). */
@ApiKey(value = 19, type = MessageType.RESPONSE, validVersions = "0-7", flexibleVersions = "5+")
public record CreateTopicsResponse(
    @Field(versions = "2+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<CreatableTopicResult> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record CreatableTopicResult(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "7+", ignorable = true) UUID topicId,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "1+", nullableVersions = "0+", ignorable = true) String errorMessage,
      @Field(versions = "5+", tag = 0, taggedVersions = "5+", ignorable = true) short topicConfigErrorCode,
      @Field(versions = "5+", ignorable = true, defaultValue = "-1") int numPartitions,
      @Field(versions = "5+", ignorable = true, defaultValue = "-1") short replicationFactor,
      @Field(versions = "5+", nullableVersions = "5+", ignorable = true) List<CreatableTopicConfigs> configs,
      UnknownTaggedFields unknownTaggedFields) {}

  public record CreatableTopicConfigs(
      @Field(versions = "5+") String name,
      @Field(versions = "5+", nullableVersions = "5+") String value,
      @Field(versions = "5+") boolean readOnly,
      @Field(versions = "5+", ignorable = true, defaultValue = "-1") byte configSource,
      @Field(versions = "5+") boolean isSensitive,
      UnknownTaggedFields unknownTaggedFields) {}
}
