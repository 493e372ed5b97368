package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's EndTxn response (API key 26). */
@ApiKey(value = 26, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "3+")
public record EndTxnResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "5+", ignorable = true, defaultValue = "-1", entityType = EntityType.PRODUCER_ID) long producerId,
    @Field(versions = "5+", ignorable = true, defaultValue = "-1") short producerEpoch,
    UnknownTaggedFields unknownTaggedFields) {}
