package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeAcls response (API key 29). */
@ApiKey(value = 29, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record DescribeAclsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0+") List<DescribeAclsResource> resources,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeAclsResource(
      @Field(versions = "0+") byte resourceType,
      @Field(versions = "0+") String resourceName,
      @Field(versions = "1+", defaultValue = "3") byte patternType,
      @Field(versions = "0+") List<AclDescription> acls,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AclDescription(
      @Field(versions = "0+") String principal,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") byte operation,
      @Field(versions = "0+") byte permissionType,
      UnknownTaggedFields unknownTaggedFields) {}
}
