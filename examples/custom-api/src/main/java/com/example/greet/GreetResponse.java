package com.example.greet;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** The answer to {@link GreetRequest}: one greeting per person. */
@ApiKey(value = 10000, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "1+")
public record GreetResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", nullableVersions = "0+", defaultValue = "null") String errorMessage,
    @Field(versions = "0+") List<Greeting> greetings,
    UnknownTaggedFields unknownTaggedFields) {

  /** One greeting, as spoken. */
  public record Greeting(
      @Field(versions = "0+") String person,
      @Field(versions = "0+") String text,
      UnknownTaggedFields unknownTaggedFields) {}
}
