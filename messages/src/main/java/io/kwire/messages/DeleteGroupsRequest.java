package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteGroups request (API key 42). */
@ApiKey(value = 42, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+",
    listeners = {Listener.BROKER})
public record DeleteGroupsRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) List<String> groupsNames,
    UnknownTaggedFields unknownTaggedFields) {}
