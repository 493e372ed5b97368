package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ShareFetch request (API key 78). */
@ApiKey(value = 78, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ShareFetchRequest(
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
        entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+", nullableVersions = "0+") String memberId,
    @Field(versions = "0+") int shareSessionEpoch,
    @Field(versions = "0+") int maxWaitMs,
    @Field(versions = "0+") int minBytes,
    @Field(versions = "0+", defaultValue = "0x7fffffff") int maxBytes,
    @Field(versions = "1+") int maxRecords,
    @Field(versions = "1+") int batchSize,
    @Field(versions = "2+", ignorable = true, defaultValue = "0") byte shareAcquireMode,
    @Field(versions = "2+", defaultValue = "false") boolean isRenewAck,
    @Field(versions = "0+") List<FetchTopic> topics,
    @Field(versions = "0+") List<ForgottenTopic> forgottenTopicsData,
    UnknownTaggedFields unknownTaggedFields) {

  public record FetchTopic(
      @Field(versions = "0+", mapKey = true) UUID topicId,
      @Field(versions = "0+") List<FetchPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record FetchPartition(
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      @Field(versions = "0") int partitionMaxBytes,
      @Field(versions = "0+") List<AcknowledgementBatch> acknowledgementBatches,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AcknowledgementBatch(
      @Field(versions = "0+") long firstOffset,
      @Field(versions = "0+") long lastOffset,
      @Field(versions = "0+") List<Byte> acknowledgeTypes,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ForgottenTopic(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
