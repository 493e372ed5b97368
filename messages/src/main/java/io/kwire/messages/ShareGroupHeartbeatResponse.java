package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's ShareGroupHeartbeat response (API key 76). */
@ApiKey(value = 76, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record ShareGroupHeartbeatResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String memberId,
    @Field(versions = "0+") int memberEpoch,
    @Field(versions = "0+") int heartbeatIntervalMs,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") Assignment assignment,
    UnknownTaggedFields unknownTaggedFields) {

  public record Assignment(
      @Field(versions = "0+") List<TopicPartitions> topicPartitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record TopicPartitions(
      @Field(versions = "0+") UUID topicId,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
