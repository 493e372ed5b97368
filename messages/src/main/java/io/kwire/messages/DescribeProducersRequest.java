package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;

/** Kafka's DescribeProducers request (API key 61). */
@ApiKey(value = 61, type = MessageType.REQUEST, validVersions = "0", flexibleVersions = "0+",
    listeners = {Listener.BROKER})
public record DescribeProducersRequest(
    @Field(versions = "0+") List<TopicRequest> topics,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicRequest(
      @Field(versions = "0+", mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "0+") List<Integer> partitionIndexes,
      UnknownTaggedFields unknownTaggedFields) {}
}
