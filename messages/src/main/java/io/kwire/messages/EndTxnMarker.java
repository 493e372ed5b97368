package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;

/** Kafka's EndTxnMarker data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "none")
public record EndTxnMarker(
    @Field(versions = "0+") int coordinatorEpoch) {}
