package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's SnapshotHeaderRecord data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "0+")
public record SnapshotHeaderRecord(
    @Field(versions = "0+") short version,
    @Field(versions = "0+") long lastContainedLogTimestamp,
    UnknownTaggedFields unknownTaggedFields) {}
