package com.example.greet;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Asks a server to greet some people: an API of our own (key 10000) next to Kafka's. */
@ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
public record GreetRequest(
    @Field(versions = "0+") String greeting,
    @Field(versions = "0+") int times,
    @Field(versions = "0+") List<Person> people,
    @Field(versions = "1+", nullableVersions = "1+", defaultValue = "null") String language,
    @Field(tag = 0, taggedVersions = "1+", nullableVersions = "1+", defaultValue = "null") String traceId,
    UnknownTaggedFields unknownTaggedFields) {

  /** A struct: a record inside the message whose components carry @Field. */
  public record Person(
      @Field(versions = "0+") String name,
      @Field(versions = "0+", defaultValue = "1") int priority,
      UnknownTaggedFields unknownTaggedFields) {}
}
