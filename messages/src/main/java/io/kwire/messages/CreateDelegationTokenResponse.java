package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;

/** Kafka's CreateDelegationToken response (API key 38). */
@ApiKey(value = 38, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record CreateDelegationTokenResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") String principalType,
    @Field(versions = "0+") String principalName,
    @Field(versions = "3+") String tokenRequesterPrincipalType,
    @Field(versions = "3+") String tokenRequesterPrincipalName,
    @Field(versions = "0+") long issueTimestampMs,
    @Field(versions = "0+") long expiryTimestampMs,
    @Field(versions = "0+") long maxTimestampMs,
    @Field(versions = "0+") String tokenId,
    @Field(versions = "0+", sensitive = true) byte[] hmac,
    @Field(versions = "0+") int throttleTimeMs,
    UnknownTaggedFields unknownTaggedFields) {}
