package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.ByteBuffer;

/** Kafka's Envelope response (API key 58). */
@ApiKey(value = 58, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record EnvelopeResponse(
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null", zeroCopy = true,
        sensitive = true) ByteBuffer responseData,
    @Field(versions = "0+") short errorCode,
    UnknownTaggedFields unknownTaggedFields) {}
