package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeConfigs request (API key 32). */
@ApiKey(value = 32, type = MessageType.REQUEST, validVersions = "0-4", flexibleVersions = "4+",
    deprecatedVersions = "0", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record DescribeConfigsRequest(
    @Field(versions = "0+") List<DescribeConfigsResource> resources,
    @Field(versions = "1+", defaultValue = "false") boolean includeSynonyms,
    @Field(versions = "3+", defaultValue = "false") boolean includeDocumentation,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribeConfigsResource(
      @Field(versions = "0+") byte resourceType,
      @Field(versions = "0+") String resourceName,
      @Field(versions = "0+", nullableVersions = "0+") List<String> configurationKeys,
      UnknownTaggedFields unknownTaggedFields) {}
}
