package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ApiVersions response (API key 18). */
@ApiKey(value = 18, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "3+")
public record ApiVersionsResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<ApiVersion> apiKeys,
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "3+", tag = 0, taggedVersions = "3+",
        ignorable = true) List<SupportedFeatureKey> supportedFeatures,
    @Field(versions = "3+", tag = 1, taggedVersions = "3+", ignorable = true,
        defaultValue = "-1") long finalizedFeaturesEpoch,
    @Field(versions = "3+", tag = 2, taggedVersions = "3+",
        ignorable = true) List<FinalizedFeatureKey> finalizedFeatures,
    @Field(versions = "3+", tag = 3, taggedVersions = "3+", ignorable = true,
        defaultValue = "false") boolean zkMigrationReady,
    UnknownTaggedFields unknownTaggedFields) {

  public record ApiVersion(
      @Field(versions = "0+", mapKey = true) short apiKey,
      @Field(versions = "0+") short minVersion,
      @Field(versions = "0+") short maxVersion,
      UnknownTaggedFields unknownTaggedFields) {}

  public record SupportedFeatureKey(
      @Field(versions = "3+", mapKey = true) String name,
      @Field(versions = "3+") short minVersion,
      @Field(versions = "3+") short maxVersion,
      UnknownTaggedFields unknownTaggedFields) {}

  public record FinalizedFeatureKey(
      @Field(versions = "3+", mapKey = true) String name,
      @Field(versions = "3+") short maxVersionLevel,
      @Field(versions = "3+") short minVersionLevel,
      UnknownTaggedFields unknownTaggedFields) {}
}
