package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeDelegationToken response (API key 41). */
@ApiKey(value = 41, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record DescribeDelegationTokenResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<DescribedDelegationToken> tokens,
    @Field(versions = "0+") int throttleTimeMs,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribedDelegationToken(
      @Field(versions = "0+") String principalType,
      @Field(versions = "0+") String principalName,
      @Field(versions = "3+") String tokenRequesterPrincipalType,
      @Field(versions = "3+") String tokenRequesterPrincipalName,
      @Field(versions = "0+") long issueTimestamp,
      @Field(versions = "0+") long expiryTimestamp,
      @Field(versions = "0+") long maxTimestamp,
      @Field(versions = "0+") String tokenId,
      @Field(versions = "0+", sensitive = true) byte[] hmac,
      @Field(versions = "0+") List<DescribedDelegationTokenRenewer> renewers,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribedDelegationTokenRenewer(
      @Field(versions = "0+") String principalType,
      @Field(versions = "0+") String principalName,
      UnknownTaggedFields unknownTaggedFields) {}
}
