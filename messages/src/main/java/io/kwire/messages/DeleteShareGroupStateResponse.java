package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's DeleteShareGroupState response (API key 86). */
@ApiKey(value = 86, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record DeleteShareGroupStateResponse(
    @Field(versions = "0+") List<DeleteStateResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteStateResult(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResult(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
