package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.UUID;

/** Kafka's GetTelemetrySubscriptions request (API key 71). */
@ApiKey(value = 71, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record GetTelemetrySubscriptionsRequest(
    @Field(versions = "0+") UUID clientInstanceId,
    UnknownTaggedFields unknownTaggedFields) {}
