package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's LeaveGroup request (API key 13). */
@ApiKey(value = 13, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "4+",
    listeners = {Listener.BROKER})
public record LeaveGroupRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0-2") String memberId,
    @Field(versions = "3+") List<MemberIdentity> members,
    UnknownTaggedFields unknownTaggedFields) {

  public record MemberIdentity(
      @Field(versions = "3+") String memberId,
      @Field(versions = "3+", nullableVersions = "3+", defaultValue = "null") String groupInstanceId,
      @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String reason,
      UnknownTaggedFields unknownTaggedFields) {}
}
