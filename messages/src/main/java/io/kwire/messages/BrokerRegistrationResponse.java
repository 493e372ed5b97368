package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's BrokerRegistration response (API key 62). */
@ApiKey(value = 62, type = MessageType.RESPONSE, validVersions = "0-4", flexibleVersions = "0+")
public record BrokerRegistrationResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", defaultValue = "-1") long brokerEpoch,
    UnknownTaggedFields unknownTaggedFields) {}
