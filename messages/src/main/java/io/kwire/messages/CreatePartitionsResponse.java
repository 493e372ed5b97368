package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's CreatePartitions response (API key 37). */
@ApiKey(value = 37, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record CreatePartitionsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<CreatePartitionsTopicResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record CreatePartitionsTopicResult(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
