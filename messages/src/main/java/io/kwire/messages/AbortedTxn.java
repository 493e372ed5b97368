package io.kwire.messages;

import io.kwire.annotations.DataMessage;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;

/** Kafka's AbortedTxn data message. */
@DataMessage(type = MessageType.DATA, validVersions = "0", flexibleVersions = "none")
public record AbortedTxn(
    @Field(versions = "0+") long producerId,
    @Field(versions = "0+") long firstOffset,
    @Field(versions = "0+") long lastOffset,
    @Field(versions = "0+") long lastStableOffset) {}
