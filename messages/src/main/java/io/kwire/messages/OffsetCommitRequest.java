package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's OffsetCommit request (API key 8). */
@ApiKey(value = 8, type = MessageType.REQUEST, validVersions = "0-10", flexibleVersions = "8+",
    deprecatedVersions = "0-1", listeners = {Listener.BROKER})
public record OffsetCommitRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1") int generationIdOrMemberEpoch,
    @Field(versions = "1+", ignorable = true) String memberId,
    @Field(versions = "7+", nullableVersions = "7+", defaultValue = "null") String groupInstanceId,
    @Field(versions = "2-4", ignorable = true, defaultValue = "-1") long retentionTimeMs,
    @Field(versions = "0+") List<OffsetCommitRequestTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record OffsetCommitRequestTopic(
      @Field(versions = "0-9", ignorable = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "10+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<OffsetCommitRequestPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetCommitRequestPartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") long committedOffset,
      @Field(versions = "6+", ignorable = true, defaultValue = "-1") int committedLeaderEpoch,
      @Field(versions = "1", defaultValue = "-1") long commitTimestamp,
      @Field(versions = "0+", nullableVersions = "0+") String committedMetadata,
      UnknownTaggedFields unknownTaggedFields) {}
}
