package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's UnregisterController response (API key 94). */
@ApiKey(value = 94, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record UnregisterControllerResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    UnknownTaggedFields unknownTaggedFields) {}
