package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's InitProducerId response (API key 22). */
@ApiKey(value = 22, type = MessageType.RESPONSE, validVersions = "0-6", flexibleVersions = "2+")
public record InitProducerIdResponse(
    @Field(versions = "0+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", defaultValue = "-1", entityType = EntityType.PRODUCER_ID) long producerId,
    @Field(versions = "0+") short producerEpoch,
    @Field(versions = "6+", defaultValue = "-1", entityType = EntityType.PRODUCER_ID) long ongoingTxnProducerId,
    @Field(versions = "6+", defaultValue = "-1") short ongoingTxnProducerEpoch,
    UnknownTaggedFields unknownTaggedFields) {}
