package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;

/** Kafka's SaslHandshake request (API key 17). */
@ApiKey(value = 17, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "none",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record SaslHandshakeRequest(
    @Field(versions = "0+") String mechanism) {}
