package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's ControlledShutdown request (API key 7), as kafka-clients 3.9.1 defines it. */
@ApiKey(value = 7, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "3+",
    listeners = {Listener.ZK_BROKER, Listener.CONTROLLER})
public record ControlledShutdownRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    @Field(versions = "2+", ignorable = true, defaultValue = "-1") long brokerEpoch,
    UnknownTaggedFields unknownTaggedFields) {}
