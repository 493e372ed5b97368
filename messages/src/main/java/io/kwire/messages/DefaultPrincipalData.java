package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's DefaultPrincipalData data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "0+")
public record DefaultPrincipalData(
    @Field(versions = "0+") String type,
    @Field(versions = "0+") String name,
    @Field(versions = "0+") boolean tokenAuthenticated,
    UnknownTaggedFields unknownTaggedFields) {}
