package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's AddRaftVoter response (API key 80). */
@ApiKey(value = 80, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record AddRaftVoterResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", ignorable = true) String errorMessage,
    UnknownTaggedFields unknownTaggedFields) {}
