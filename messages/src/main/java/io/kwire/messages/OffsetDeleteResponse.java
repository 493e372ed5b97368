package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.MessageType;
import java.util.List;

/** Kafka's OffsetDelete response (API key 47). */
@ApiKey(value = 47, type = MessageType.RESPONSE, validVersions = "0", flexibleVersions = "none")
public record OffsetDeleteResponse(
    @Field(versions = "0+") short errorCode,
    @Field(versions = "0+", ignorable = true) int throttleTimeMs,
    @Field(versions = "0+") List<OffsetDeleteResponseTopic> topics) {

  public record OffsetDeleteResponseTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<OffsetDeleteResponsePartition> partitions) {}

  public record OffsetDeleteResponsePartition(
      @Field(versions = "0+", mapKey = true) int partitionIndex,
      @Field(versions = "0+") short errorCode) {}
}
