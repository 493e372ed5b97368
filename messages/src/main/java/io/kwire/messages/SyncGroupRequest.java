package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's SyncGroup request (API key 14). */
@ApiKey(value = 14, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "4+",
    listeners = {Listener.BROKER})
public record SyncGroupRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") int generationId,
    @Field(versions = "0+") String memberId,
    @Field(versions = "3+", nullableVersions = "3+", defaultValue = "null") String groupInstanceId,
    @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String protocolType,
    @Field(versions = "5+", nullableVersions = "5+", ignorable = true, defaultValue = "null") String protocolName,
    @Field(versions = "0+") List<SyncGroupRequestAssignment> assignments,
    UnknownTaggedFields unknownTaggedFields) {

  public record SyncGroupRequestAssignment(
      @Field(versions = "0+") String memberId,
      @Field(versions = "0+") byte[] assignment,
      UnknownTaggedFields unknownTaggedFields) {}
}
