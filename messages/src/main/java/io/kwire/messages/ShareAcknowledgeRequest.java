package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ShareAcknowledge request (API key 79). */
@ApiKey(value = 79, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ShareAcknowledgeRequest(
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
        entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+", nullableVersions = "0+") String memberId,
    @Field(versions = "0+") int shareSessionEpoch,
    @Field(versions = "2+", defaultValue = "false") boolean isRenewAck,
    @Field(versions = "0+") List<AcknowledgeTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record AcknowledgeTopic(
      @Field(versions = "0+", mapKey = true) UUID topicId,
      @Field(versions = "0+") List<AcknowledgePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AcknowledgePartition(
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      @Field(versions = "0+") List<AcknowledgementBatch> acknowledgementBatches,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AcknowledgementBatch(
      @Field(versions = "0+") long firstOffset,
      @Field(versions = "0+") long lastOffset,
      @Field(versions = "0+") List<Byte> acknowledgeTypes,
      UnknownTaggedFields unknownTaggedFields) {}
}
