package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's AllocateProducerIds response (API key 67). */
@ApiKey(value = 67, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record AllocateProducerIdsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) long producerIdStart,
    @Field(versions = "0+") int producerIdLen,
    UnknownTaggedFields unknownTaggedFields) {}
