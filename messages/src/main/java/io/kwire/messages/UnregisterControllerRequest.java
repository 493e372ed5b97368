package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's UnregisterController request (API key 94). */
@ApiKey(value = 94, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record UnregisterControllerRequest(
    @Field(versions = "0+") int controllerId,
    UnknownTaggedFields unknownTaggedFields) {}
