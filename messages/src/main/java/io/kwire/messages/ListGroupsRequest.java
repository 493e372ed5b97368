package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListGroups request (API key 16). */
@ApiKey(value = 16, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "3+",
    listeners = {Listener.BROKER})
public record ListGroupsRequest(
    @Field(versions = "4+") List<String> statesFilter,
    @Field(versions = "5+") List<String> typesFilter,
    UnknownTaggedFields unknownTaggedFields) {}
