package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's FindCoordinator request (API key 10). */
@ApiKey(value = 10, type = MessageType.REQUEST, validVersions = "0-6", flexibleVersions = "3+",
    listeners = {Listener.BROKER})
public record FindCoordinatorRequest(
    @Field(versions = "0-3") String key,
    @Field(versions = "1+", defaultValue = "0") byte keyType,
    @Field(versions = "4+") List<String> coordinatorKeys,
    UnknownTaggedFields unknownTaggedFields) {}
