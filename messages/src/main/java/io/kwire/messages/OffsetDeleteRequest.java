package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import java.util.List;

/** Kafka's OffsetDelete request (API key 47). */
@ApiKey(value = 47, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "none",
    listeners = {Listener.BROKER})
public record OffsetDeleteRequest(
    @Field(versions = "0+", entityType = EntityType.GROUP_ID) String groupId,
    @Field(versions = "0+") List<OffsetDeleteRequestTopic> topics) {

  public record OffsetDeleteRequestTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<OffsetDeleteRequestPartition> partitions) {}

  public record OffsetDeleteRequestPartition(
      @Field(versions = "0+") int partitionIndex) {}
}
