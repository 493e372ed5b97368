package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeGroups response (API key 15). */
@ApiKey(value = 15, type = MessageType.RESPONSE, validVersions = "0-6", flexibleVersions = "5+")
public record DescribeGroupsResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<DescribedGroup> groups,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribedGroup(
      @Field(versions = "0+") short errorCode,
      @Field(versions = "6+", nullableVersions = "6+", defaultValue = "null") String errorMessage,
      @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
      @Field(versions = "0+") String groupState,
      @Field(versions = "0+") String protocolType,
      @Field(versions = "0+") String protocolData,
      @Field(versions = "0+") List<DescribedGroupMember> members,
      @Field(versions = "3+", defaultValue = "-2147483648") int authorizedOperations,
      UnknownTaggedFields unknownTaggedFields) {}

  public record DescribedGroupMember(
      @Field(versions = "0+") String memberId,
      @Field(versions = "4+", nullableVersions = "4+", ignorable = true, defaultValue = "null") String groupInstanceId,
      @Field(versions = "0+") String clientId,
      @Field(versions = "0+") String clientHost,
      @Field(versions = "0+") byte[] memberMetadata,
      @Field(versions = "0+") byte[] memberAssignment,
      UnknownTaggedFields unknownTaggedFields) {}
}
