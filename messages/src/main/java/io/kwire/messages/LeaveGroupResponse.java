package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's LeaveGroup response (API key 13). */
@ApiKey(value = 13, type = MessageType.RESPONSE, validVersions = "0-5", flexibleVersions = "4+")
public record LeaveGroupResponse(
    @Field(versions = "1+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") short errorCode,
    @Field(versions = "3+") List<MemberResponse> members,
    UnknownTaggedFields unknownTaggedFields) {

  public record MemberResponse(
      @Field(versions = "3+") String memberId,
      @Field(versions = "3+", nullableVersions = "3+") String groupInstanceId,
      @Field(versions = "3+") short errorCode,
      UnknownTaggedFields unknownTaggedFields) {}
}
