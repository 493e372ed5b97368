package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ReadShareGroupStateSummary request (API key 87). */
@ApiKey(value = 87, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ReadShareGroupStateSummaryRequest(
    @Field(versions = "0+") String groupId,
    @Field(versions = "0+") List<ReadStateSummaryData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReadStateSummaryData(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") int leaderEpoch,
      UnknownTaggedFields unknownTaggedFields) {}
}
