package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.messages.CreatePartitionsRequestBuilder;
import io.kwire.messages.CreatePartitionsRequestBuilder.CreatePartitionsAssignmentBuilder;
import io.kwire.messages.CreatePartitionsRequestBuilder.CreatePartitionsTopicBuilder;
import io.kwire.messages.CreatePartitionsResponse;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableReplicaAssignmentBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicBuilder;
import io.kwire.messages.CreateTopicsRequestBuilder.CreatableTopicConfigBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.DeleteTopicsRequestBuilder;
import io.kwire.messages.DeleteTopicsRequestBuilder.DeleteTopicStateBuilder;
import io.kwire.messages.DeleteTopicsResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CreateTopicsHandlerTest {
  private final TestBrokers brokers = new TestBrokers(3);
  private final CreateTopicsHandler create = new CreateTopicsHandler(brokers.cluster);

  @Test
  void createsWithCountsOrAManualAssignment() {
    CreateTopicsResponse response = create(false,
        topic("counts", 4, 2),
        new CreatableTopicBuilder().name("manual").numPartitions(-1).replicationFactor((short) -1).assignments(List.of(
            assignment(0, 2, 1), assignment(1, 1, 0))).build());
    CreateTopicsResponse.CreatableTopicResult counts = response.topics().get(0);
    assertEquals(ErrorCode.NONE, counts.errorCode());
    assertEquals(4, counts.numPartitions());
    assertEquals(2, counts.replicationFactor());
    assertEquals(brokers.cluster.topic("counts").id(), counts.topicId());
    assertEquals(List.of(2, 1), brokers.cluster.topic("manual").partition(0).replicas());
    assertEquals(2, brokers.cluster.topic("manual").partition(0).leaderId());
    assertEquals(2, response.topics().get(1).numPartitions());
  }

  @Test
  void eachTopicFailsOnItsOwnWithKafkasErrors() {
    brokers.cluster.createTopic("taken", 1, 1, null, TopicConfigs.of(Map.of()));
    brokers.cluster.createTopic("a.b", 1, 1, null, TopicConfigs.of(Map.of()));
    CreateTopicsResponse response = create(false,
        topic("twice", 1, 1), topic("twice", 1, 1),
        topic("taken", 1, 1),
        topic("a_b", 1, 1),
        topic("bad/name", 1, 1),
        topic("zero-partitions", 0, 1),
        topic("zero-replicas", 1, 0),
        topic("too-many-replicas", 1, 4),
        new CreatableTopicBuilder().name("both").numPartitions(2).replicationFactor((short) 1)
            .assignments(List.of(assignment(0, 0))).build(),
        new CreatableTopicBuilder().name("gap").numPartitions(-1).replicationFactor((short) -1)
            .assignments(List.of(assignment(0, 0), assignment(2, 1))).build(),
        new CreatableTopicBuilder().name("dup-broker").numPartitions(-1).replicationFactor((short) -1)
            .assignments(List.of(assignment(0, 1, 1))).build(),
        new CreatableTopicBuilder().name("no-broker").numPartitions(-1).replicationFactor((short) -1)
            .assignments(List.of(assignment(0, 7))).build(),
        new CreatableTopicBuilder().name("uneven").numPartitions(-1).replicationFactor((short) -1)
            .assignments(List.of(assignment(0, 0), assignment(1, 0, 1))).build(),
        withConfig("unknown-config", "no.such.config", "1"),
        withConfig("bad-timestamp-type", "message.timestamp.type", "WallClock"),
        topic("ok", 1, 1));
    List<Short> codes = response.topics().stream().map(CreateTopicsResponse.CreatableTopicResult::errorCode).toList();
    assertEquals(List.of(ErrorCode.INVALID_REQUEST, ErrorCode.INVALID_REQUEST, ErrorCode.TOPIC_ALREADY_EXISTS,
        ErrorCode.INVALID_TOPIC_EXCEPTION, ErrorCode.INVALID_TOPIC_EXCEPTION, ErrorCode.INVALID_PARTITIONS,
        ErrorCode.INVALID_REPLICATION_FACTOR, ErrorCode.INVALID_REPLICATION_FACTOR, ErrorCode.INVALID_REQUEST,
        ErrorCode.INVALID_REPLICA_ASSIGNMENT, ErrorCode.INVALID_REPLICA_ASSIGNMENT,
        ErrorCode.INVALID_REPLICA_ASSIGNMENT, ErrorCode.INVALID_REPLICA_ASSIGNMENT, ErrorCode.INVALID_CONFIG,
        ErrorCode.INVALID_CONFIG, ErrorCode.NONE), codes);
    assertEquals("Topic 'taken' already exists.", response.topics().get(2).errorMessage());
    assertTrue(response.topics().get(7).errorMessage().contains("only 3 broker(s) are registered"));
    assertNull(brokers.cluster.topic("twice"));
    assertNull(brokers.cluster.topic("a_b"));
  }

  @Test
  void partitionCountsAreCappedSoThatARequestCannotExhaustMemory() {
    // Kafka's controller refuses the whole request past 10,000 partitions, or 10,000 records to write
    CreateTopicsResponse huge = create(false, topic("huge", Integer.MAX_VALUE, 1), topic("max", 9_999, 1));
    for (CreateTopicsResponse.CreatableTopicResult r : huge.topics()) {
      assertEquals(ErrorCode.POLICY_VIOLATION, r.errorCode());
      assertEquals("Excessively large number of partitions per request.", r.errorMessage());
    }
    CreateTopicsResponse records = create(false, topic("ten-thousand", 10_000, 1));
    assertEquals(ErrorCode.POLICY_VIOLATION, records.topics().get(0).errorCode());
    assertEquals("Unable to perform excessively large batch operation.", records.topics().get(0).errorMessage());
    assertNull(brokers.cluster.topic("ten-thousand"));
    assertEquals(ErrorCode.NONE, create(false, topic("max", 9_999, 1)).topics().get(0).errorCode());
    CreatePartitionsResponse grow = now(new CreatePartitionsHandler(brokers.cluster).handle(
        new CreatePartitionsRequestBuilder().topics(List.of(new CreatePartitionsTopicBuilder().name("max")
            .count(10_001).assignments(null).build())).build(), at(0, 3)));
    assertEquals(ErrorCode.INVALID_PARTITIONS, grow.results().get(0).errorCode());
    assertEquals(9_999, brokers.cluster.topic("max").partitions().size());
  }

  @Test
  void theClusterHoldsNoMorePartitionsThanItsCap() {
    brokers.cluster.limitPartitions(10);
    assertEquals(ErrorCode.NONE, create(false, topic("eight", 8, 1)).topics().get(0).errorCode());
    CreateTopicsResponse.CreatableTopicResult three = create(false, topic("three", 3, 1)).topics().get(0);
    assertEquals(ErrorCode.POLICY_VIOLATION, three.errorCode());
    assertEquals("The fake cluster holds at most 10 partitions (FakeCluster.Builder.maxPartitions); it has 8, and 3"
        + " more were asked for.", three.errorMessage());
    CreatePartitionsResponse grow = now(new CreatePartitionsHandler(brokers.cluster).handle(
        new CreatePartitionsRequestBuilder().topics(List.of(new CreatePartitionsTopicBuilder().name("eight")
            .count(11).assignments(null).build())).build(), at(0, 3)));
    assertEquals(ErrorCode.POLICY_VIOLATION, grow.results().get(0).errorCode());
    assertEquals(ErrorCode.NONE, create(false, topic("two", 2, 1)).topics().get(0).errorCode());
    now(new DeleteTopicsHandler(brokers.cluster, brokers.groups).handle(new DeleteTopicsRequestBuilder()
        .topicNames(List.of("eight")).build(), at(0, 5)));
    assertEquals(ErrorCode.NONE, create(false, topic("three", 3, 1)).topics().get(0).errorCode(),
        "a deleted topic's partitions no longer count");
  }

  @Test
  void validateOnlyReportsButCreatesNothing() {
    CreateTopicsResponse response = create(true, withConfig("dry", "message.timestamp.type", "LogAppendTime"));
    CreateTopicsResponse.CreatableTopicResult dry = response.topics().get(0);
    assertEquals(ErrorCode.NONE, dry.errorCode());
    assertEquals(new UUID(0, 0), dry.topicId());
    assertNull(brokers.cluster.topic("dry"));
    CreateTopicsResponse.CreatableTopicConfigs type = dry.configs().stream()
        .filter(c -> c.name().equals("message.timestamp.type")).findFirst().orElseThrow();
    assertEquals("LogAppendTime", type.value());
    assertEquals(1, type.configSource(), "set on the topic: DYNAMIC_TOPIC_CONFIG");
  }

  @Test
  void partitionsGrowButNeverShrink() {
    create(false, topic("grow", 2, 2));
    CreatePartitionsHandler grow = new CreatePartitionsHandler(brokers.cluster);
    CreatePartitionsResponse response = now(grow.handle(new CreatePartitionsRequestBuilder().topics(List.of(
        new CreatePartitionsTopicBuilder().name("grow").count(4).assignments(List.of(
            new CreatePartitionsAssignmentBuilder().brokerIds(List.of(2, 0)).build(),
            new CreatePartitionsAssignmentBuilder().brokerIds(List.of(1, 2)).build())).build(),
        new CreatePartitionsTopicBuilder().name("nope").count(4).assignments(null).build())).build(), at(0, 3)));
    assertEquals(ErrorCode.NONE, response.results().get(0).errorCode());
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, response.results().get(1).errorCode());
    assertEquals(List.of(1, 2), brokers.cluster.topic("grow").partition(3).replicas());
    CreatePartitionsResponse shrink = now(grow.handle(new CreatePartitionsRequestBuilder().topics(List.of(
        new CreatePartitionsTopicBuilder().name("grow").count(3).assignments(null).build(),
        new CreatePartitionsTopicBuilder().name("grow").count(9).assignments(null).build())).build(), at(0, 3)));
    assertEquals(ErrorCode.INVALID_REQUEST, shrink.results().get(0).errorCode(), "named twice");
    CreatePartitionsResponse same = now(grow.handle(new CreatePartitionsRequestBuilder().topics(List.of(
        new CreatePartitionsTopicBuilder().name("grow").count(4).assignments(null).build())).build(), at(0, 3)));
    assertEquals(ErrorCode.INVALID_PARTITIONS, same.results().get(0).errorCode());
  }

  @Test
  void deletesByNameOrIdAndReportsTheUnknown() {
    create(false, topic("d1", 1, 1), topic("d2", 1, 1));
    brokers.groups.commitOffset("g", "d1", 0, new CommittedOffset(5, 0, ""));
    UUID d2 = brokers.cluster.topic("d2").id();
    DeleteTopicsHandler delete = new DeleteTopicsHandler(brokers.cluster, brokers.groups);
    DeleteTopicsResponse response = now(delete.handle(new DeleteTopicsRequestBuilder().topics(List.of(
        new DeleteTopicStateBuilder().name("d1").build(),
        new DeleteTopicStateBuilder().topicId(d2).build(),
        new DeleteTopicStateBuilder().name("never").build(),
        new DeleteTopicStateBuilder().topicId(new UUID(3, 3)).build())).build(), at(0, 6)));
    assertEquals(List.of(ErrorCode.NONE, ErrorCode.NONE, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        ErrorCode.UNKNOWN_TOPIC_ID), response.responses().stream().map(r -> r.errorCode()).toList());
    assertEquals("d2", response.responses().get(1).name());
    assertNull(brokers.cluster.topic("d1"));
    assertNull(brokers.groups.offsets().committed("g", "d1", 0), "its committed offsets went with it");
    assertNull(brokers.cluster.topic(d2));
    assertNotEquals(null, response.responses().get(0).topicId());
  }

  private CreateTopicsResponse create(boolean validateOnly, CreateTopicsRequest.CreatableTopic... topics) {
    return now(create.handle(new CreateTopicsRequestBuilder().topics(List.of(topics)).validateOnly(validateOnly)
        .build(), at(0, 7)));
  }

  private static CreateTopicsRequest.CreatableTopic topic(String name, int partitions, int replicas) {
    return new CreatableTopicBuilder().name(name).numPartitions(partitions).replicationFactor((short) replicas).build();
  }

  private static CreateTopicsRequest.CreatableTopic withConfig(String name, String config, String value) {
    return new CreatableTopicBuilder().name(name).numPartitions(1).replicationFactor((short) 1)
        .configs(List.of(new CreatableTopicConfigBuilder().name(config).value(value).build())).build();
  }

  private static CreateTopicsRequest.CreatableReplicaAssignment assignment(int partition, Integer... brokers) {
    return new CreatableReplicaAssignmentBuilder().partitionIndex(partition).brokerIds(List.of(brokers)).build();
  }
}
