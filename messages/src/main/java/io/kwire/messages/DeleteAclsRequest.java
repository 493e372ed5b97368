package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteAcls request (API key 31). */
@ApiKey(value = 31, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DeleteAclsRequest(
    @Field(versions = "0+") List<DeleteAclsFilter> filters,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteAclsFilter(
      @Field(versions = "0+") byte resourceTypeFilter,
      @Field(versions = "0+", nullableVersions = "0+") String resourceNameFilter,
      @Field(versions = "1+", defaultValue = "3") byte patternTypeFilter,
      @Field(versions = "0+", nullableVersions = "0+") String principalFilter,
      @Field(versions = "0+", nullableVersions = "0+") String hostFilter,
      @Field(versions = "0+") byte operation,
      @Field(versions = "0+") byte permissionType,
      UnknownTaggedFields unknownTaggedFields) {}
}
