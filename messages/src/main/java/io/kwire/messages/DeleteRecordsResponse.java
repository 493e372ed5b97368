package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteRecords response (API key 21). */
@ApiKey(value = 21, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "2+")
public record DeleteRecordsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DeleteRecordsTopicResult> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteRecordsTopicResult(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<DeleteRecordsPartitionResult> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DeleteRecordsPartitionResult(
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      @Field(versions = "0+") long lowWatermark,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
