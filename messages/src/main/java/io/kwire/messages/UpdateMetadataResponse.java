package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's UpdateMetadata response (API key 6), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 6, type = MessageType.RESPONSE, validVersions = "0-8", flexibleVersions = "6+")
public record UpdateMetadataResponse(
    @Field(versions = "0+") short errorCode,
    UnknownTaggedFields unknownTaggedFields) {}
