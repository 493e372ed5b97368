package com.example.status;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Asks a service how it is: an API of our own (key 10002). */
@ApiKey(value = 10002, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
public record StatusRequest(@Field(versions = "0+") String service, UnknownTaggedFields unknownTaggedFields) {}
