package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's WriteShareGroupState response (API key 85). */
@ApiKey(value = 85, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record WriteShareGroupStateResponse(
    @Field(versions = "0+") List<WriteStateResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record WriteStateResult(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResult(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
