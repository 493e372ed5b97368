package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ShareGroupHeartbeat request (API key 76). */
@ApiKey(value = 76, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record ShareGroupHeartbeatRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") String memberId,
    @Field(versions = "0+") int memberEpoch,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String rackId,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null",
        entityType = EntityType.TOPIC_NAME) List<String> subscribedTopicNames,
    UnknownTaggedFields unknownTaggedFields) {}
