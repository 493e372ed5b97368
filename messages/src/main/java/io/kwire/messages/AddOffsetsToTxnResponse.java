package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's AddOffsetsToTxn response (API key 25). */
@ApiKey(value = 25, type = MessageType.RESPONSE, validVersions = "0-4", flexibleVersions = "3+")
public record AddOffsetsToTxnResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    UnknownTaggedFields unknownTaggedFields) {}
