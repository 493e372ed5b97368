package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's BrokerHeartbeat request (API key 63). */
@ApiKey(value = 63, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.CONTROLLER})
public record BrokerHeartbeatRequest(
    @Field(versions = "0+", entityType = EntityType.BROKER_ID) int brokerId,
    @Field(versions = "0+", defaultValue = "-1") long brokerEpoch,
    @Field(versions = "0+") long currentMetadataOffset,
    @Field(versions = "0+") boolean wantFence,
    @Field(versions = "0+") boolean wantShutDown,
    @Field(versions = "1+", tag = 0, taggedVersions = "1+") List<UUID> offlineLogDirs,
    @Field(versions = "2+", nullableVersions = "2+", tag = 1, taggedVersions = "2+",
        defaultValue = "null") List<UUID> cordonedLogDirs,
    UnknownTaggedFields unknownTaggedFields) {}
