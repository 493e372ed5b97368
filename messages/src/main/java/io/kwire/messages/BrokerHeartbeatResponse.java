package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's BrokerHeartbeat response (API key 63). */
@ApiKey(value = 63, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record BrokerHeartbeatResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", defaultValue = "false") boolean isCaughtUp,
    @Field(versions = "0+", defaultValue = "true") boolean isFenced,
    @Field(versions = "0+") boolean shouldShutDown,
    UnknownTaggedFields unknownTaggedFields) {}
