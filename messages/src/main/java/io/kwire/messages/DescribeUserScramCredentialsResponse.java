package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeUserScramCredentials response (API key 50). */
@ApiKey(value = 50, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record DescribeUserScramCredentialsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0+") List<DescribeUserScramCredentialsResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeUserScramCredentialsResult(
      @Field(versions = "0+") String user,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      @Field(versions = "0+") List<CredentialInfo> credentialInfos,
      UnknownTaggedFields unknownTaggedFields) {}

  public record CredentialInfo(
      @Field(versions = "0+") byte mechanism,
      @Field(versions = "0+") int iterations,
      UnknownTaggedFields unknownTaggedFields) {}
}
