package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ShareGroupDescribe request (API key 77). */
@ApiKey(value = 77, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ShareGroupDescribeRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) List<String> groupIds,
    @Field(versions = "0+") boolean includeAuthorizedOperations,
    UnknownTaggedFields unknownTaggedFields) {}
