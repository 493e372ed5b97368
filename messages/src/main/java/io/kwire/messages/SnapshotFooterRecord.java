package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's SnapshotFooterRecord data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "0+")
public record SnapshotFooterRecord(
    @Field(versions = "0+") short version,
    UnknownTaggedFields unknownTaggedFields) {}
