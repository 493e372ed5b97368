package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DeleteShareGroupOffsets response (API key 92). */
@ApiKey(value = 92, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record DeleteShareGroupOffsetsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "0+") List<DeleteShareGroupOffsetsResponseTopic> responses,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteShareGroupOffsetsResponseTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
