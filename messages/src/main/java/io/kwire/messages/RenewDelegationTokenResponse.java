package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's RenewDelegationToken response (API key 39). */
@ApiKey(value = 39, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "2+")
public record RenewDelegationTokenResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") long expiryTimestampMs,
    @Field(versions = "0+") int throttleTimeMs,
    UnknownTaggedFields unknownTaggedFields) {}
