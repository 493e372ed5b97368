package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeTransactions request (API key 65). */
@ApiKey(value = 65, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record DescribeTransactionsRequest(
    @Field(versions = "0+", entityType = EntityType.TRANSACTIONAL_ID) List<String> transactionalIds,
    UnknownTaggedFields unknownTaggedFields) {}
