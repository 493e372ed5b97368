package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's CreateAcls response (API key 30). */
@ApiKey(value = 30, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record CreateAclsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<AclCreationResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record AclCreationResult(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "0+", nullableVersions = "0+") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
