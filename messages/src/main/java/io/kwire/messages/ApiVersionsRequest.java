package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's ApiVersions request (API key 18). */
@ApiKey(value = 18, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "3+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record ApiVersionsRequest(
    @Field(versions = "3+", ignorable = true) String clientSoftwareName,
    @Field(versions = "3+", ignorable = true) String clientSoftwareVersion,
    @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String clusterId,
    @Field(versions = "5+", ignorable = true, defaultValue = "-1") int nodeId,
    UnknownTaggedFields unknownTaggedFields) {}
