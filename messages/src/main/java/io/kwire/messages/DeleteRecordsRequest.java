package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteRecords request (API key 21). */
@ApiKey(value = 21, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "2+",
    listeners = {Listener.BROKER})
public record DeleteRecordsRequest(
    @Field(versions = "0+") List<DeleteRecordsTopic> topics,
    @Field(versions = "0+") int timeoutMs,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteRecordsTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<DeleteRecordsPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DeleteRecordsPartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") long offset,
      UnknownTaggedFields unknownTaggedFields) {}
}
