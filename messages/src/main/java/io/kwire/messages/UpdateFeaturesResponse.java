package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's UpdateFeatures response (API key 57). */
@ApiKey(value = 57, type = MessageType.RESPONSE, validVersions = "0-2", flexibleVersions = "0+")
public record UpdateFeaturesResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0-1", ignorable = true) List<UpdatableFeatureResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record UpdatableFeatureResult(
      @Field(versions = "0+", mapKey = true) String feature,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
