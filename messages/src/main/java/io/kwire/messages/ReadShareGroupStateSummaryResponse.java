package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ReadShareGroupStateSummary response (API key 87). */
@ApiKey(value = 87, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record ReadShareGroupStateSummaryResponse(
    @Field(versions = "0+") List<ReadStateSummaryResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReadStateSummaryResult(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionResult(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+") int stateEpoch,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0+") long startOffset,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") int deliveryCompleteCount,
      UnknownTaggedFields unknownTaggedFields) {}
}
