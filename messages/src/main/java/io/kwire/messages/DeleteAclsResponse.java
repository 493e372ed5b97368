package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteAcls response (API key 31). */
@ApiKey(value = 31, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record DeleteAclsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DeleteAclsFilterResult> filterResults,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteAclsFilterResult(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      @Field(versions = "0+") List<DeleteAclsMatchingAcl> matchingAcls,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DeleteAclsMatchingAcl(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      @Field(versions = "0+") byte resourceType,
      @Field(versions = "0+") String resourceName,
      @Field(versions = "1+", defaultValue = "3") byte patternType,
      @Field(versions = "0+") String principal,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") byte operation,
      @Field(versions = "0+") byte permissionType,
      UnknownTaggedFields unknownTaggedFields) {}
}
