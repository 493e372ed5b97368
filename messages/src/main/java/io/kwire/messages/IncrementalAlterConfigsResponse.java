package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's IncrementalAlterConfigs response (API key 44). */
@ApiKey(value = 44, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "1+")
public record IncrementalAlterConfigsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<AlterConfigsResourceResponse> responses,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterConfigsResourceResponse(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      @Field(versions = "0+") byte resourceType,
      @Field(versions = "0+") String resourceName,
      UnknownTaggedFields unknownTaggedFields) {}
}
