package io.kwire.messages;

import io.kwire.annotations.ApiKey;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.Field;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.UUID;

/** Kafka's Fetch request (API key 1). */
@ApiKey(value = 1, type = MessageType.REQUEST, validVersions = "0-18", flexibleVersions = "12+",
    deprecatedVersions = "0-3", listeners = {Listener.BROKER, Listener.CONTROLLER})
public record FetchRequest(
    @Field(versions = "12+", nullableVersions = "12+", tag = 0, taggedVersions = "12+", ignorable = true,
        defaultValue = "null") String clusterId,
    @Field(versions = "0-14", defaultValue = "-1", entityType = EntityType.BROKER_ID) int replicaId,
    @Field(versions = "15+", tag = 1, taggedVersions = "15+") ReplicaState replicaState,
    @Field(versions = "0+") int maxWaitMs,
    @Field(versions = "0+") int minBytes,
    @Field(versions = "3+", ignorable = true, defaultValue = "0x7fffffff") int maxBytes,
    @Field(versions = "4+", ignorable = true, defaultValue = "0") byte isolationLevel,
    @Field(versions = "7+", ignorable = true, defaultValue = "0") int sessionId,
    @Field(versions = "7+", ignorable = true, defaultValue = "-1") int sessionEpoch,
    @Field(versions = "0+") List<FetchTopic> topics,
    @Field(versions = "7+") List<ForgottenTopic> forgottenTopicsData,
    @Field(versions = "11+", ignorable = true, defaultValue = "") String rackId,
    UnknownTaggedFields unknownTaggedFields) {

  public record ReplicaState(
      @Field(versions = "15+", defaultValue = "-1", entityType = EntityType.BROKER_ID) int replicaId,
      @Field(versions = "15+", defaultValue = "-1") long replicaEpoch,
      UnknownTaggedFields unknownTaggedFields) {}

  public record FetchTopic(
      @Field(versions = "0-12", ignorable = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "13+", ignorable = true) UUID topicId,
      @Field(versions = "0+") List<FetchPartition> partitions,
      UnknownTaggedFields unknownTaggedFields) {}

  public record FetchPartition(
      @Field(versions = "0+") int partition,
      @Field(versions = "9+", ignorable = true, defaultValue = "-1") int currentLeaderEpoch,
      @Field(versions = "0+") long fetchOffset,
      @Field(versions = "12+", defaultValue = "-1") int lastFetchedEpoch,
      @Field(versions = "5+", ignorable = true, defaultValue = "-1") long logStartOffset,
      @Field(versions = "0+") int partitionMaxBytes,
      @Field(versions = "17+", tag = 0, taggedVersions = "17+", ignorable = true) UUID replicaDirectoryId,
      @Field(versions = "18+", tag = 1, taggedVersions = "18+", ignorable = true,
          defaultValue = "9223372036854775807") long highWatermark,
      UnknownTaggedFields unknownTaggedFields) {}

  public record ForgottenTopic(
      @Field(versions = "7-12", ignorable = true, entityType = EntityType.TOPIC_NAME) String topic,
      @Field(versions = "13+", ignorable = true) UUID topicId,
      @Field(versions = "7+") List<Integer> partitions,
      UnknownTaggedFields unknownTaggedFields) {}
}
