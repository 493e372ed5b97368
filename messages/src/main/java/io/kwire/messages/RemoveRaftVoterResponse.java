package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's RemoveRaftVoter response (API key 81). */
@ApiKey(value = 81, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record RemoveRaftVoterResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", ignorable = true) String errorMessage,
    UnknownTaggedFields unknownTaggedFields) {}
