package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's SyncGroup response (API key 14). */
@ApiKey(value = 14, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "4+")
public record SyncGroupResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String protocolType,
    @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String protocolName,
    @Field(versions = "0+") byte[] assignment,
    UnknownTaggedFields unknownTaggedFields) {}
