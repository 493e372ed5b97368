package io.kwire.bench.net;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** The answer of {@link BenchEchoRequest}. */
@ApiKey(value = 10002, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record BenchEchoResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") String text,
    UnknownTaggedFields unknownTaggedFields) {}
