package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Produce request (API key 0). */
@ApiKey(value = 0, type = MessageType.REQUEST, validVersions = "0-13", flexibleVersions = "9+",
    deprecatedVersions = "0-2", listeners = {Listener.BROKER})
public record ProduceRequest(
    @Field(versions = "3+", nullableVersions = "3+", defaultValue = "null",
        entityType = EntityType.TRANSACTIONAL_ID) String transactionalId,
    @Field(versions = "0+") short acks,
    @Field(versions = "0+") int timeoutMs,
    @Field(versions = "0+") List<TopicProduceData> topicData,
    UnknownTaggedFields unknownTaggedFields) {

  public record TopicProduceData(
      @Field(versions = "0-12", ignorable = true, mapKey = true, entityType = EntityType.TOPIC_NAME) String name,
      @Field(versions = "13+", ignorable = true, mapKey = true) UUID topicId,
      @Field(versions = "0+") List<PartitionProduceData> partitionData,
      UnknownTaggedFields unknownTaggedFields) {}

  public record PartitionProduceData(
      @Field(versions = "0+") int index,
      @Field(versions = "0+", nullableVersions = "0+") Records records,
      UnknownTaggedFields unknownTaggedFields) {}
}
