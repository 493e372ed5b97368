package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's OffsetForLeaderEpoch response (API key 23). */
@ApiKey(value = 23, type = MessageType.RESPONSE, validVersions = "0-4", flexibleVersions = "4+")
public record OffsetForLeaderEpochResponse(
    @Field(versions = "2+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<OffsetForLeaderTopicResult> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record OffsetForLeaderTopicResult(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<EpochEndOffset> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record EpochEndOffset(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+") int partition,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") int leaderEpoch,
      @Field(versions = "0+", defaultValue = "-1") long endOffset,
      UnknownTaggedFields unknownTaggedFields) {}
}
