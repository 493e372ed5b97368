package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeClientQuotas request (API key 48). */
@ApiKey(value = 48, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+",
    listeners = {Listener.BROKER})
public record DescribeClientQuotasRequest(
    @Field(versions = "0+") List<ComponentData> components,
    @Field(versions = "0+") boolean strict,
    UnknownTaggedFields unknownTaggedFields) {

  public record ComponentData(
      @Field(versions = "0+") String entityType,
      @Field(versions = "0+") byte matchType,
      @Field(versions = "0+", nullableVersions = "0+") String match,
      UnknownTaggedFields unknownTaggedFields) {}
}
