package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListTransactions request (API key 66). */
@ApiKey(value = 66, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ListTransactionsRequest(
    @Field(versions = "0+") List<String> stateFilters,
    @Field(versions = "0+", entityType = EntityType.PRODUCER_ID) List<Long> producerIdFilters,
    @Field(versions = "1+", defaultValue = "-1") long durationFilter,
    @Field(versions = "2+", nullableVersions = "2+", defaultValue = "null") String transactionalIdPattern,
    UnknownTaggedFields unknownTaggedFields) {}
