package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's EndTxn request (API key 26). */
@ApiKey(value = 26, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "3+",
    listeners = {Listener.BROKER})
public record EndTxnRequest(
    @Field(versions = "0+", entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
    @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
    @Field(versions = "0+") short producerEpoch,
    @Field(versions = "0+") boolean committed,
    UnknownTaggedFields unknownTaggedFields) {}
