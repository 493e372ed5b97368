package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's IncrementalAlterConfigs request (API key 44). */
@ApiKey(value = 44, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record IncrementalAlterConfigsRequest(
    @Field(versions = "0+") List<AlterConfigsResource> resources,
    @Field(versions = "0+") boolean validateOnly,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterConfigsResource(
      @Field(versions = "0+", mapKey = true) byte resourceType,
      @Field(versions = "0+", mapKey = true) String resourceName,
      @Field(versions = "0+") List<AlterableConfig> configs,
      UnknownTaggedFields unknownTaggedFields) {}

  public record AlterableConfig(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+", mapKey = true) byte configOperation,
      @Field(versions = "0+", nullableVersions = "0+") String value,
      UnknownTaggedFields unknownTaggedFields) {}
}
