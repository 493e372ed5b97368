package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ReadShareGroupState response (API key 84). */
@ApiKey(value = 84, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record ReadShareGroupStateResponse(
    @Field(versions = "0+") List<ReadStateResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReadStateResult(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResult(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+") int stateEpoch,
      @Field(versions = "0+") long startOffset,
      @Field(versions = "0+") List<StateBatch> stateBatches,
      UnknownTaggedFields unknownTaggedFields) {}

  public record StateBatch(
      @Field(versions = "0+") long firstOffset,
      @Field(versions = "0+") long lastOffset,
      @Field(versions = "0+") byte deliveryState,
      @Field(versions = "0+") short deliveryCount,
      UnknownTaggedFields unknownTaggedFields) {}
}
