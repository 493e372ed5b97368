package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's InitializeShareGroupState response (API key 83). */
@ApiKey(value = 83, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record InitializeShareGroupStateResponse(
    @Field(versions = "0+") List<InitializeStateResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record InitializeStateResult(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResult(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
