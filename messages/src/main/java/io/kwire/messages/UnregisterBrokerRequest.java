package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's UnregisterBroker request (API key 64). */
@ApiKey(value = 64, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record UnregisterBrokerRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    UnknownTaggedFields unknownTaggedFields) {}
