package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.ByteBuffer;

/** Kafka's Envelope request (API key 58). */
@ApiKey(value = 58, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record EnvelopeRequest(
    @Field(versions = "0+", zeroCopy = true, sensitive = true) ByteBuffer requestData,
    @Field(versions = "0+", nullableVersions = "0+") byte[] requestPrincipal,
    @Field(versions = "0+") byte[] clientHostAddress,
    UnknownTaggedFields unknownTaggedFields) {}
