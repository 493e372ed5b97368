package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.annotations.WireType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's UpdateRaftVoter request (API key 82). */
@ApiKey(value = 82, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {io.kwire.annotations.Listener.CONTROLLER})
public record UpdateRaftVoterRequest(
    @Field(versions = "0+", nullableVersions = "0+") String clusterId,
    @Field(versions = "0+") int currentLeaderEpoch,
    @Field(versions = "0+") int voterId,
    @Field(versions = "0+") UUID voterDirectoryId,
    @Field(versions = "0+") List<Listener> listeners,
    @Field(versions = "0+") KRaftVersionFeature kRaftVersionFeature,
    UnknownTaggedFields unknownTaggedFields) {

  public record Listener(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+") String host,
      @Field(versions = "0+", type = WireType.UINT16) int port,
      UnknownTaggedFields unknownTaggedFields) {}

  public record KRaftVersionFeature(
      @Field(versions = "0+") short minSupportedVersion,
      @Field(versions = "0+") short maxSupportedVersion,
      UnknownTaggedFields unknownTaggedFields) {}
}
