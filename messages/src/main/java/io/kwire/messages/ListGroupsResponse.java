package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's ListGroups response (API key 16). */
@ApiKey(value = 16, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "3+")
public record ListGroupsResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+") List<ListedGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record ListedGroup(
      @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+") String protocolType,
      @Field(versions = "4+", ignorable = true) String groupState,
      @Field(versions = "5+", ignorable = true) String groupType,
      UnknownTaggedFields unknownTaggedFields) {}
}
