package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's WriteTxnMarkers response (API key 27). */
@ApiKey(value = 27, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "1+")
public record WriteTxnMarkersResponse(
    @Field(versions = "0+") List<WritableTxnMarkerResult> markers,
    UnknownTaggedFields unknownTaggedFields) {

  public record WritableTxnMarkerResult(
      @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
      @Field(versions = "0+") List<WritableTxnMarkerTopicResult> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record WritableTxnMarkerTopicResult(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<WritableTxnMarkerPartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record WritableTxnMarkerPartitionResult(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
