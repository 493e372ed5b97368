package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's OffsetFetch request (API key 9). */
@ApiKey(value = 9, type = MessageType.REQUEST, validVersions = "0-10", flexibleVersions = "6+",
    deprecatedVersions = "0", listeners = {Listener.BROKER})
public record OffsetFetchRequest(
    @Field(versions = "0-7", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0-7", nullableVersions = "2-7") List<OffsetFetchRequestTopic> topics,
    @Field(versions = "8+") List<OffsetFetchRequestGroup> groups,
    @Field(versions = "7+", defaultValue = "false") boolean requireStable,
    UnknownTaggedFields unknownTaggedFields) {

  public record OffsetFetchRequestTopic(
      @Field(versions = "0-7", entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0-7") List<Integer> partitionIndexes,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetFetchRequestGroup(
      @Field(versions = "8+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "9+", nullableVersions = "9+", ignorable = true, defaultValue = "null") String memberId,
      @Field(versions = "9+", ignorable = true, defaultValue = "-1") int memberEpoch,
      @Field(versions = "8+", nullableVersions = "8+") List<OffsetFetchRequestTopics> topics,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OffsetFetchRequestTopics(
      @Field(versions = "8-9", ignorable = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "10+", ignorable = true) UUID topicId,
      @Field(versions = "8+") List<Integer> partitionIndexes,
      UnknownTaggedFields unknownTaggedFields) {}
}
