package io.kwire.bench.net;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** The load harness's small API of its own (key 10002): the server answers with the text it got. */
@ApiKey(value = 10002, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+")
public record BenchEchoRequest(@Field(versions = "0+") String text, UnknownTaggedFields unknownTaggedFields) {}
