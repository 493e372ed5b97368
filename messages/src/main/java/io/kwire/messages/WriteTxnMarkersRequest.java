package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's WriteTxnMarkers request (API key 27). */
@ApiKey(value = 27, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "1+",
    listeners = {Listener.BROKER})
public record WriteTxnMarkersRequest(
    @Field(versions = "0+") List<WritableTxnMarker> markers,
    UnknownTaggedFields unknownTaggedFields) {

  public record WritableTxnMarker(
      @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "0+") short producerEpoch,
      @Field(versions = "0+") boolean transactionResult,
      @Field(versions = "0+") List<WritableTxnMarkerTopic> topics,
      @Field(versions = "0+") int coordinatorEpoch,
      @Field(versions = "2+", ignorable = true, defaultValue = "0") byte transactionVersion,
      UnknownTaggedFields unknownTaggedFields) {}

  public record WritableTxnMarkerTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<Integer> partitionIndexes,
      UnknownTaggedFields unknownTaggedFields) {}
}
