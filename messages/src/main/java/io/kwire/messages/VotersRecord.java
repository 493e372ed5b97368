package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's VotersRecord data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "0+")
public record VotersRecord(
    @Field(versions = "0+") short version,
    @Field(versions = "0+") List<Voter> voters,
    UnknownTaggedFields unknownTaggedFields) {

  public record Voter(
      @Field(versions = "0+", entityType = EntityType.BROKER_ID) int voterId,
      @Field(versions = "0+") UUID voterDirectoryId,
      @Field(versions = "0+") List<Endpoint> endpoints,
      @Field(versions = "0+") KRaftVersionFeature kRaftVersionFeature,
      UnknownTaggedFields unknownTaggedFields) {}

  public record Endpoint(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+") String host,
      @Field(versions = "0+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}

  public record KRaftVersionFeature(
      @Field(versions = "0+") short minSupportedVersion,
      @Field(versions = "0+") short maxSupportedVersion,
      UnknownTaggedFields unknownTaggedFields) {}
}
