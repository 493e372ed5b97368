package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.fake.cluster.ClusterSettings;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestBuilder.MetadataRequestTopicBuilder;
import io.kwire.messages.MetadataResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MetadataHandlerTest {
  @Test
  void describesBrokersControllerAndTopicsWithIds() {
    TestBrokers brokers = new TestBrokers(3);
    brokers.cluster.createTopic("m", 3, 3, null, TopicConfigs.of(Map.of()));
    MetadataResponse all = now(new MetadataHandler(brokers.cluster).handle(
        new MetadataRequestBuilder().topics(null).build(), at(1, 12)));
    assertEquals("test-cluster", all.clusterId());
    assertEquals(0, all.controllerId());
    assertEquals(List.of(0, 1, 2), all.brokers().stream().map(MetadataResponse.MetadataResponseBroker::nodeId).toList());
    MetadataResponse.MetadataResponseTopic m = all.topics().get(0);
    assertEquals(brokers.cluster.topic("m").id(), m.topicId());
    assertEquals(List.of(0, 1, 2), m.partitions().stream().map(MetadataResponse.MetadataResponsePartition::leaderId)
        .toList());
    assertEquals(List.of(1, 2, 0), m.partitions().get(1).replicaNodes());
    assertEquals(m.partitions().get(1).replicaNodes(), m.partitions().get(1).isrNodes());
  }

  @Test
  void version0sEmptyListMeansEveryTopicAndLaterVersionsNone() {
    TestBrokers brokers = new TestBrokers(1);
    brokers.cluster.createTopic("a", 1, 1, null, TopicConfigs.of(Map.of()));
    MetadataHandler handler = new MetadataHandler(brokers.cluster);
    MetadataRequest empty = new MetadataRequestBuilder().topics(List.of()).build();
    assertEquals(1, now(handler.handle(empty, at(0, 0))).topics().size());
    assertEquals(0, now(handler.handle(empty, at(0, 1))).topics().size());
  }

  @Test
  void unknownTopicsAreErrorsUnlessAutoCreationIsOnAndAllowed() {
    TestBrokers off = new TestBrokers(1, new ClusterSettings(false, 1, (short) 1, -1, 100, 60_000, 0));
    MetadataResponse response = now(new MetadataHandler(off.cluster).handle(request(true, "nope", "bad name"),
        at(0, 12)));
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, response.topics().get(0).errorCode());
    assertEquals(ErrorCode.INVALID_TOPIC_EXCEPTION, response.topics().get(1).errorCode());
    assertNull(off.cluster.topic("nope"));

    TestBrokers on = new TestBrokers(1, new ClusterSettings(true, 3, (short) 1, -1, 100, 60_000, 0));
    MetadataHandler handler = new MetadataHandler(on.cluster);
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
        now(handler.handle(request(false, "auto"), at(0, 12))).topics().get(0).errorCode(), "the client refused");
    MetadataResponse created = now(handler.handle(request(true, "auto"), at(0, 12)));
    assertEquals(ErrorCode.NONE, created.topics().get(0).errorCode());
    assertEquals(3, created.topics().get(0).partitions().size());
    assertNotNull(on.cluster.topic("auto"));
  }

  @Test
  void autoCreationCreatesNothingPastKafkasLimitsForOneRequest() {
    TestBrokers on = new TestBrokers(1);
    MetadataHandler handler = new MetadataHandler(on.cluster);
    // one partition each: 5,001 topics are 10,002 records for Kafka's controller, past its 10,000
    String[] names = IntStream.range(0, 5_001).mapToObj(i -> "auto-" + i).toArray(String[]::new);
    MetadataResponse refused = now(handler.handle(request(true, names), at(0, 12)));
    assertEquals(5_001, refused.topics().stream().filter(t -> t.errorCode() == ErrorCode.UNKNOWN_TOPIC_OR_PARTITION)
        .count());
    assertEquals(0, on.cluster.topics().size());
    MetadataResponse created = now(handler.handle(request(true, Arrays.copyOf(names, 5_000)), at(0, 12)));
    assertEquals(5_000, created.topics().stream().filter(t -> t.errorCode() == ErrorCode.NONE).count());
    assertEquals(5_000, on.cluster.topics().size());
  }

  @Test
  void namesThatCollideAreFoundByTheirCollisionFormAndFreedWhenDeleted() {
    TestBrokers brokers = new TestBrokers(1);
    brokers.cluster.createTopic("a.b", 1, 1, null, TopicConfigs.of(Map.of()));
    assertEquals("a.b", brokers.cluster.collidingTopic("a_b").name());
    assertNull(brokers.cluster.collidingTopic("a.b"), "a topic does not collide with itself");
    assertNull(brokers.cluster.collidingTopic("a-b"));
    MetadataResponse response = now(new MetadataHandler(brokers.cluster).handle(request(true, "a_b"), at(0, 12)));
    assertEquals(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION, response.topics().get(0).errorCode());
    brokers.cluster.deleteTopic(brokers.cluster.topic("a.b"));
    assertNull(brokers.cluster.collidingTopic("a_b"));
  }

  private static MetadataRequest request(boolean allowCreation, String... names) {
    return new MetadataRequestBuilder().allowAutoTopicCreation(allowCreation).topics(Arrays.stream(names)
        .map(n -> new MetadataRequestTopicBuilder().name(n).build()).toList()).build();
  }
}
