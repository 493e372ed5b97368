package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's AddOffsetsToTxn request (API key 25). */
@ApiKey(value = 25, type = MessageType.REQUEST, validVersions = "0-4", flexibleVersions = "3+",
    listeners = {Listener.BROKER})
public record AddOffsetsToTxnRequest(
    @Field(versions = "0+", entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
    @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerId,
    @Field(versions = "0+") short producerEpoch,
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    UnknownTaggedFields unknownTaggedFields) {}
