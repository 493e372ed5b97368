package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's Heartbeat response (API key 12). */
@ApiKey(value = 12, type = MessageType.RESPONSE, validVersions = "0-4", flexibleVersions = "4+")
public record HeartbeatResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    UnknownTaggedFields unknownTaggedFields) {}
