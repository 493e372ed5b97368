package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.ByteBuffer;
import java.util.UUID;

/** Kafka's PushTelemetry request (API key 72). */
@ApiKey(value = 72, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record PushTelemetryRequest(
    @Field(versions = "0+") UUID clientInstanceId,
    @Field(versions = "0+") int subscriptionId,
    @Field(versions = "0+") boolean terminating,
    @Field(versions = "0+") byte compressionType,
    @Field(versions = "0+", zeroCopy = true) ByteBuffer metrics,
    UnknownTaggedFields unknownTaggedFields) {}
