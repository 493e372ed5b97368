package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's JoinGroup response (API key 11). */
@ApiKey(value = 11, type = MessageType.RESPONSE, validVersions = "0-9", flexibleVersions = "6+")
public record JoinGroupResponse(
    @Field(versions = "2+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", defaultValue = "-1") int generationId,
    @Field(versions = "7+", nullableVersions = "7+", ignorable = true, defaultValue = "null") String protocolType,
    @Field(versions = "0+", nullableVersions = "7+") String protocolName,
    @Field(versions = "0+") String leader,
    @Field(versions = "9+", defaultValue = "false") boolean skipAssignment,
    @Field(versions = "0+") String memberId,
    @Field(versions = "0+") List<JoinGroupResponseMember> members,
    UnknownTaggedFields unknownTaggedFields) {

  public record JoinGroupResponseMember(
      @Field(versions = "0+") String memberId,
      @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String groupInstanceId,
      @Field(versions = "0+") byte[] metadata,
      UnknownTaggedFields unknownTaggedFields) {}
}
