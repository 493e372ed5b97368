package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeConfigs response (API key 32). */
@ApiKey(value = 32, type = MessageType.RESPONSE, validVersions = "0-4", flexibleVersions = "4+")
public record DescribeConfigsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DescribeConfigsResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeConfigsResult(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      @Field(versions = "0+") byte resourceType,
      @Field(versions = "0+") String resourceName,
      @Field(versions = "0+") List<DescribeConfigsResourceResult> configs,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeConfigsResourceResult(
      @Field(versions = "0+") String name,
      @Field(versions = "0+", nullableVersions = "0+") String value,
      @Field(versions = "0+") boolean readOnly,
      @Field(versions = "0") boolean isDefault,
      @Field(versions = "1+", ignorable = true, defaultValue = "-1") byte configSource,
      @Field(versions = "0+") boolean isSensitive,
      @Field(versions = "1+", ignorable = true) List<DescribeConfigsSynonym> synonyms,
      @Field(versions = "3+", ignorable = true, defaultValue = "0") byte configType,
      @Field(versions = "3+", nullableVersions = "0+", ignorable = true) String documentation,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribeConfigsSynonym(
      @Field(versions = "1+") String name,
      @Field(versions = "1+", nullableVersions = "0+") String value,
      @Field(versions = "1+") byte source,
      UnknownTaggedFields unknownTaggedFields) {}
}
