package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteGroups response (API key 42). */
@ApiKey(value = 42, type = MessageType.RESPONSE, validVersions = "0-3", flexibleVersions = "2+")
public record DeleteGroupsResponse(
    @Field(versions = "0+") int throttleTimeMs,
    @Field(versions = "0+") List<DeletableGroupResult> results,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeletableGroupResult(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+") short errorCode,
      @Field(versions = "3+", nullableVersions = "3+", ignorable = true, defaultValue = "null") String errorMessage,
      UnknownTaggedFields unknownTaggedFields) {}
}
