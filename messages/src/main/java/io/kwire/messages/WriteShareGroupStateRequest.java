package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's WriteShareGroupState request (API key 85). */
@ApiKey(value = 85, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record WriteShareGroupStateRequest(
    @Field(versions = "0+") String groupId,
    @Field(versions = "0+") List<WriteStateData> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record WriteStateData(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<PartitionData> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionData(
      @Field(versions = "0+") int partition,
      @Field(versions = "0+") int stateEpoch,
      @Field(versions = "0+") int leaderEpoch,
      @Field(versions = "0+") long startOffset,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") int deliveryCompleteCount,
      @Field(versions = "0+") List<StateBatch> stateBatches,
      UnknownTaggedFields unknownTaggedFields) {}

  public record StateBatch(
      @Field(versions = "0+") long firstOffset,
      @Field(versions = "0+") long lastOffset,
      @Field(versions = "0+") byte deliveryState,
      @Field(versions = "0+") short deliveryCount,
      UnknownTaggedFields unknownTaggedFields) {}
}
