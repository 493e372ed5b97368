package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's TxnOffsetCommit response (API key 28). */
@ApiKey(value = 28, type = MessageType.RESPONSE, validVersions = "0-6", flexibleVersions = "3+")
public record TxnOffsetCommitResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<TxnOffsetCommitResponseTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TxnOffsetCommitResponseTopic(
      @Field(versions = "0-5", ignorable = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "6+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<TxnOffsetCommitResponsePartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TxnOffsetCommitResponsePartition(
      @Field(versions = "0+") int partitionIndex,
      @Field(versions = "0+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
