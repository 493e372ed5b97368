package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListConfigResources response (API key 74). */
@ApiKey(value = 74, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "0+")
public record ListConfigResourcesResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<ConfigResource> configResources,
    UnknownTaggedFields unknownTaggedFields) {

  public record ConfigResource(
      @Field(versions = "0+") String resourceName,
      @Field(versions = "1+", ignorable = true, defaultValue = "16") byte resourceType,
      UnknownTaggedFields unknownTaggedFields) {}
}
