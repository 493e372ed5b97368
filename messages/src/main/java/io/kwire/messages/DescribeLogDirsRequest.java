package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeLogDirs request (API key 35). */
@ApiKey(value = 35, type = MessageType.REQUEST, validVersions = "0-5", flexibleVersions = "2+",
    deprecatedVersions = "0", listeners = {Listener.BROKER})
public record DescribeLogDirsRequest(
    @Field(versions = "0+", nullableVersions = "0+") List<DescribableLogDirTopic> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record DescribableLogDirTopic(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "0+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
