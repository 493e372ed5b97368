package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's AllocateProducerIds request (API key 67). */
@ApiKey(value = 67, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record AllocateProducerIdsRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    @Field(versions = "0+", defaultValue = "-1") long brokerEpoch,
    UnknownTaggedFields unknownTaggedFields) {}
