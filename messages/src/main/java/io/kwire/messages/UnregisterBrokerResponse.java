package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's UnregisterBroker response (API key 64). */
@ApiKey(value = 64, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record UnregisterBrokerResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    UnknownTaggedFields unknownTaggedFields) {}
