package io.kwire.net;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.UnknownTaggedFields;

/** The answer to {@link EchoRequest}; an error code first, so the server can build a generic error response. */
@ApiKey(value = 1000, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "1+")
public record EchoResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") String text,
    @Field(versions = "0+") int sequence,
    UnknownTaggedFields unknownTaggedFields) {

  public static EchoResponse of(String text, int sequence) {
    return new EchoResponse((short) 0, text, sequence, UnknownTaggedFields.EMPTY);
  }
}
