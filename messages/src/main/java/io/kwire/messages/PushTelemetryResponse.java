package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's PushTelemetry response (API key 72). */
@ApiKey(value = 72, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record PushTelemetryResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    UnknownTaggedFields unknownTaggedFields) {}
