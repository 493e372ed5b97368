package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeGroups request (API key 15). */
@ApiKey(value = 15, type = MessageType.REQUEST, validVersions = "0-6", flexibleVersions = "5+",
    listeners = {Listener.BROKER})
public record DescribeGroupsRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) List<String> groups,
    @Field(versions = "3+") boolean includeAuthorizedOperations,
    UnknownTaggedFields unknownTaggedFields) {}
