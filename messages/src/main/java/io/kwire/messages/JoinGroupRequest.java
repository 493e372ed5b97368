package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's JoinGroup request (API key 11). */
@ApiKey(value = 11, type = MessageType.REQUEST, validVersions = "0-9", flexibleVersions = "6+",
    listeners = {Listener.BROKER})
public record JoinGroupRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") int sessionTimeoutMs,
    @Field(versions = "1+", ignorable = true, defaultValue = "-1") int rebalanceTimeoutMs,
    @Field(versions = "0+") String memberId,
    @Field(versions = "5+", nullableVersions = "5+", defaultValue = "null") String groupInstanceId,
    @Field(versions = "0+") String protocolType,
    @Field(versions = "0+") List<JoinGroupRequestProtocol> protocols,
    @Field(versions = "8+", nullableVersions = "8+", ignorable = true, defaultValue = "null") String reason,
    UnknownTaggedFields unknownTaggedFields) {

  public record JoinGroupRequestProtocol(
      @Field(versions = "0+", mapKey = true) String name,
      @Field(versions = "0+") byte[] metadata,
      UnknownTaggedFields unknownTaggedFields) {}
}
