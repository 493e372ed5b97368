package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's UpdateFeatures request (API key 57). */
@ApiKey(value = 57, type = MessageType.REQUEST, validVersions = "0-2", flexibleVersions = "0+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record UpdateFeaturesRequest(
    @Field(versions = "0+", defaultValue = "60000", name = "timeoutMs") int timeoutMs,
    @Field(versions = "0+") List<FeatureUpdateKey> featureUpdates,
    @Field(versions = "1+", defaultValue = "false") boolean validateOnly,
    UnknownTaggedFields unknownTaggedFields) {

  public record FeatureUpdateKey(
      @Field(versions = "0+", mapKey = true) String feature,
      @Field(versions = "0+") short maxVersionLevel,
      @Field(versions = "0") boolean allowDowngrade,
      @Field(versions = "1+", defaultValue = "1") byte upgradeType,
      UnknownTaggedFields unknownTaggedFields) {}
}
