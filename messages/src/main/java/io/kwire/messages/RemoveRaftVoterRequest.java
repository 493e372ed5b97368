package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.UUID;

/** Kafka's RemoveRaftVoter request (API key 81). */
@ApiKey(value = 81, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER, Listener.BROKER})
public record RemoveRaftVoterRequest(
    @Field(versions = "0+", nullableVersions = "0+") String clusterId,
    @Field(versions = "0+") int voterId,
    @Field(versions = "0+") UUID voterDirectoryId,
    UnknownTaggedFields unknownTaggedFields) {}
