package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's TxnOffsetCommit request (API key 28). */
@ApiKey(value = 28, type = MessageType.REQUEST, validVersions = "0-6", flexibleVersions = "3+",
    listeners = {Listener.BROKER})
public record TxnOffsetCommitRequest(
    @Field(versions = "0+", entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
    @Field(versions = "0+") short producerEpoch,
    @Field(versions = "3+", defaultValue = "-1") int generationIdOrMemberEpoch,
    @Field(versions = "3+", defaultValue = "") String memberId,
    @Field(versions = "3+", nullableVersions = "3+", defaultValue = "null") String groupInstanceId,
    @Field(versions = "0+") List<TxnOffsetCommitRequestTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TxnOffsetCommitRequestTopic(
      @Field(versions = "0-5", ignorable = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "6+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<TxnOffsetCommitRequestPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TxnOffsetCommitRequestPartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") long committedOffset,
      @Field(versions = "2+", ignorable = true, defaultValue = "-1") int committedLeaderEpoch,
      @Field(versions = "0+", nullableVersions = "0+") String committedMetadata,
      UnknownTaggedFields unknownTaggedFields) {}
}
