package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's GetTelemetrySubscriptions response (API key 71). */
@ApiKey(value = 71, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record GetTelemetrySubscriptionsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") UUID clientInstanceId,
    @Field(versions = "0+") int subscriptionId,
    @Field(versions = "0+") List<Byte> acceptedCompressionTypes,
    @Field(versions = "0+") int pushIntervalMs,
    @Field(versions = "0+") int telemetryMaxBytes,
    @Field(versions = "0+") boolean deltaTemporality,
    @Field(versions = "0+") List<String> requestedMetrics,
    UnknownTaggedFields unknownTaggedFields) {}
