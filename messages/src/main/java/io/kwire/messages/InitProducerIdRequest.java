package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's InitProducerId request (API key 22). */
@ApiKey(value = 22, type = MessageType.REQUEST, validVersions = "0-6", flexibleVersions = "2+",
    latestVersionUnstable = true, listeners = {Listener.BROKER})
public record InitProducerIdRequest(
    @Field(versions = "0+", nullableVersions = "0+", entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
    @Field(versions = "0+") int transactionTimeoutMs,
    @Field(versions = "3+", defaultValue = "-1", entityType = EntityType.PRODUCER_ID) long producerId,
    @Field(versions = "3+", defaultValue = "-1") short producerEpoch,
    @Field(versions = "6+", defaultValue = "false") boolean enable2Pc,
    @Field(versions = "6+", defaultValue = "false") boolean keepPreparedTxn,
    UnknownTaggedFields unknownTaggedFields) {}
