package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's AlterUserScramCredentials response (API key 51). */
@ApiKey(value = 51, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "0+")
public record AlterUserScramCredentialsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<AlterUserScramCredentialsResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record AlterUserScramCredentialsResult(
      @Field(versions = "0+") String user,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
