package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's LeaderChangeMessage data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0-1", flexibleVersions = "0+")
public record LeaderChangeMessage(
    @Field(versions = "0+") short version,
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int leaderId,
    @Field(versions = "0+") List<Voter> voters,
    @Field(versions = "0+") List<Voter> grantingVoters,
    UnknownTaggedFields unknownTaggedFields) {

  public record Voter(
      @Field(versions = "0+") int voterId,
      @Field(versions = "1+") UUID voterDirectoryId,
      UnknownTaggedFields unknownTaggedFields) {}
}
