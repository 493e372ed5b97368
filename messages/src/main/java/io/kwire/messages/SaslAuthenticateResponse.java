package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's SaslAuthenticate response (API key 36). */
@ApiKey(value = 36, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "2+")
public record SaslAuthenticateResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0+", sensitive = true) byte[] authBytes,
    @Field(versions = "1+", ignorable = true, defaultValue = "0") long sessionLifetimeMs,
    UnknownTaggedFields unknownTaggedFields) {}
