package io.kwire.tests.userapi;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** The response to {@link EchoRequest}: one entry per echo. */
@ApiKey(value = 10000, type = MessageType.RESPONSE, validVersions = "0-1", flexibleVersions = "1+")
public record EchoResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<Echo> echoes,
    UnknownTaggedFields unknownTaggedFields) {

  /** One echo of the greeting. */
  public record Echo(
      @Field(versions = "0+") int index,
      @Field(versions = "0+") String text,
      UnknownTaggedFields unknownTaggedFields) {}
}
