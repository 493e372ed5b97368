package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;

/** Kafka's ControlRecordTypeSchema data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "none")
public record ControlRecordTypeSchema(
    @Field(versions = "0+") short type) {}
