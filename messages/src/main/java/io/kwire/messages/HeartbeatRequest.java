package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's Heartbeat request (API key 12). */
@ApiKey(value = 12, type = MessageType.REQUEST, validVersions = "0-4", flexibleVersions = "4+",
    listeners = {Listener.BROKER})
public record HeartbeatRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") int generationId,
    @Field(versions = "0+") String memberId,
    @Field(versions = "3+", nullableVersions = "3+", defaultValue = "null") String groupInstanceId,
    UnknownTaggedFields unknownTaggedFields) {}
