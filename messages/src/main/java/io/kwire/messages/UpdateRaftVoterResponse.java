package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's UpdateRaftVoter response (API key 82). */
@ApiKey(value = 82, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record UpdateRaftVoterResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", tag = 0, taggedVersions = "0+") CurrentLeader currentLeader,
    UnknownTaggedFields unknownTaggedFields) {

  public record CurrentLeader(
      @Field(versions = "0+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int leaderId,
      @Field(versions = "0+", defaultValue = "-1") int leaderEpoch,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") int port,
      UnknownTaggedFields unknownTaggedFields) {}
}
