package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's StreamsGroupTopologyDescriptionUpdate response (API key 93). */
@ApiKey(value = 93, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record StreamsGroupTopologyDescriptionUpdateResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    UnknownTaggedFields unknownTaggedFields) {}
