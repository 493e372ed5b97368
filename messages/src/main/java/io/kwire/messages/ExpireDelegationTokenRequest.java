package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's ExpireDelegationToken request (API key 40). */
@ApiKey(value = 40, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record ExpireDelegationTokenRequest(
    @Field(versions = "0+", sensitive = true) byte[] hmac,
    @Field(versions = "0+") long expiryTimePeriodMs,
    UnknownTaggedFields unknownTaggedFields) {}
