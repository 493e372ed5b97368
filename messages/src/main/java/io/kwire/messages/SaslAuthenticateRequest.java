package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's SaslAuthenticate request (API key 36). */
@ApiKey(value = 36, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "2+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record SaslAuthenticateRequest(
    @Field(versions = "0+", sensitive = true) byte[] authBytes,
    UnknownTaggedFields unknownTaggedFields) {}
