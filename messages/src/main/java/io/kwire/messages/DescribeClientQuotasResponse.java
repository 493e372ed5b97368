package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeClientQuotas response (API key 48). */
@ApiKey(value = 48, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "1+")
public record DescribeClientQuotasResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
    @Field(versions = "0+", nullableVersions = "0+") List<EntryData> entries,
    UnknownTaggedFields unknownTaggedFields) {

  public record EntryData(
      @Field(versions = "0+") List<EntityData> entity,
      @Field(versions = "0+") List<ValueData> values,
      UnknownTaggedFields unknownTaggedFields) {}

  public record EntityData(
      @Field(versions = "0+") String entityType,
      @Field(versions = "0+", nullableVersions = "0+") String entityName,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ValueData(
      @Field(versions = "0+") String key,
      @Field(versions = "0+") double value,
      UnknownTaggedFields unknownTaggedFields) {}
}
