package io.kwire.net;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.UnknownTaggedFields;

/** A test API of our own (key 1000): the server echoes the text. */
@ApiKey(value = 1000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
public record EchoRequest(
    @Field(versions = "0+") String text,
    @Field(versions = "0+") int sequence,
    UnknownTaggedFields unknownTaggedFields) {

  public static EchoRequest of(String text, int sequence) {
    return new EchoRequest(text, sequence, UnknownTaggedFields.EMPTY);
  }
}
