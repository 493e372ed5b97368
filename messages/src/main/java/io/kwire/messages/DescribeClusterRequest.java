package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's DescribeCluster request (API key 60). */
@ApiKey(value = 60, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DescribeClusterRequest(
    @Field(versions = "0+") boolean includeClusterAuthorizedOperations,
    @Field(versions = "1+", defaultValue = "1") byte endpointType,
    @Field(versions = "2+") boolean includeFencedBrokers,
    UnknownTaggedFields unknownTaggedFields) {}
