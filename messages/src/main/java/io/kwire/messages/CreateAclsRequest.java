package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's CreateAcls request (API key 30). */
@ApiKey(value = 30, type = MessageType.REQUEST, validVersions = "0-3", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record CreateAclsRequest(
    @Field(versions = "0+") List<AclCreation> creations,
    UnknownTaggedFields unknownTaggedFields) {

  public record AclCreation(
      @Field(versions = "0+") byte resourceType,
      @Field(versions = "0+") String resourceName,
      @Field(versions = "1+", defaultValue = "3") byte resourcePatternType,
      @Field(versions = "0+") String principal,
      @Field(versions = "0+") String host,
      @Field(versions = "0+") byte operation,
      @Field(versions = "0+") byte permissionType,
      UnknownTaggedFields unknownTaggedFields) {}
}
