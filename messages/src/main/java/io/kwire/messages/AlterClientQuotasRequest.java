package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterClientQuotas request (API key 49). */
@ApiKey(value = 49, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+",
    listeners = {Listener.BROKER, Listener.CONTROLLER})
public record AlterClientQuotasRequest(
    @Field(versions = "0+") List<EntryData> entries,
    @Field(versions = "0+") boolean validateOnly,
    UnknownTaggedFields unknownTaggedFields) {

  public record EntryData(
      @Field(versions = "0+") List<EntityData> entity,
      @Field(versions = "0+") List<OpData> ops,
      UnknownTaggedFields unknownTaggedFields) {}

  public record EntityData(
      @Field(versions = "0+") String entityType,
      @Field(versions = "0+", nullableVersions = "0+") String entityName,
      UnknownTaggedFields unknownTaggedFields) {}

  public record OpData(
      @Field(versions = "0+") String key,
      @Field(versions = "0+") double value,
      @Field(versions = "0+") boolean remove,
      UnknownTaggedFields unknownTaggedFields) {}
}
