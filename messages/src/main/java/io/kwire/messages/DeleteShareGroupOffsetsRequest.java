package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DeleteShareGroupOffsets request (API key 92). */
@ApiKey(value = 92, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record DeleteShareGroupOffsetsRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") List<DeleteShareGroupOffsetsRequestTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record DeleteShareGroupOffsetsRequestTopic(
      @Field(versions = "0+", entityType = EntityType.TOPIC_NAME) String topicName,
      UnknownTaggedFields unknownTaggedFields) {}
}
