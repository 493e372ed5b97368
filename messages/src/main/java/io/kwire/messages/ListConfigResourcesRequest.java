package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListConfigResources request (API key 74). */
@ApiKey(value = 74, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ListConfigResourcesRequest(
    @Field(versions = "1+") List<Byte> resourceTypes,
    UnknownTaggedFields unknownTaggedFields) {}
