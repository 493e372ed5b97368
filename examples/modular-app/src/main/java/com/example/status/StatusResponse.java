package com.example.status;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** How the service is. */
@ApiKey(value = 10002, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record StatusResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") String status,
    UnknownTaggedFields unknownTaggedFields) {}
