package io.kwire.tests.userapi;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/**
 * A user's own API beside Kafka's (key 10000): asks for a greeting to be echoed some number of
 * times. Compiled by the real processor through the tests module's annotationProcessorPaths.
 */
@ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
public record EchoRequest(
    @Field(versions = "0+") String greeting,
    @Field(versions = "0+") int times,
    @Field(versions = "1+", nullableVersions = "1+", tag = 0, taggedVersions = "1+", defaultValue = "null") String traceId,
    UnknownTaggedFields unknownTaggedFields) {}
