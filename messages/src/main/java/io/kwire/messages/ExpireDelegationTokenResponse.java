package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's ExpireDelegationToken response (API key 40). */
@ApiKey(value = 40, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "2+")
public record ExpireDelegationTokenResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") long expiryTimestampMs,
    @Field(versions = "0+") int throttleTimeMs,
    UnknownTaggedFields unknownTaggedFields) {}
