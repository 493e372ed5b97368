package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** KafkaConsumer with group.protocol=classic: subscribe, consume, commit, resume; two members share partitions. */
@FakeKafka(brokers = 3)
class ConsumerGroupTest {
  private static FakeCluster cluster;

  @BeforeAll
  static void remember(FakeCluster started) {
    cluster = started;
  }

  @Test
  void aSubscribedConsumerReadsCommitsAndTheNextResumesFromTheCommit() throws Exception {
    cluster.createTopic("cg-orders", 2, 1);
    produce("cg-orders", 10);
    List<ConsumerRecord<String, String>> first = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(groupConsumer("cg-one"))) {
      consumer.subscribe(List.of("cg-orders"));
      pollUntil(consumer, first, () -> first.size() >= 10);
      consumer.commitSync();
      Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(
          Set.of(new TopicPartition("cg-orders", 0), new TopicPartition("cg-orders", 1)));
      assertEquals(10, committed.values().stream().mapToLong(OffsetAndMetadata::offset).sum());
    }
    assertEquals(10, first.size());
    produce("cg-orders", 4);
    List<ConsumerRecord<String, String>> second = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(groupConsumer("cg-one"))) {
      consumer.subscribe(List.of("cg-orders"));
      pollUntil(consumer, second, () -> second.size() >= 4);
    }
    assertEquals(4, second.size(), "only what came after the commit: " + second);
  }

  @Test
  void twoMembersSplitThePartitionsAndTakeOverWhenOneLeaves() throws Exception {
    cluster.createTopic("cg-shared", 4, 2);
    KafkaConsumer<String, String> a = new KafkaConsumer<>(groupConsumer("cg-two"));
    KafkaConsumer<String, String> b = new KafkaConsumer<>(groupConsumer("cg-two"));
    try {
      a.subscribe(List.of("cg-shared"));
      b.subscribe(List.of("cg-shared"));
      long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while ((a.assignment().size() != 2 || b.assignment().size() != 2) && System.nanoTime() < deadline) {
        a.poll(Duration.ofMillis(50));
        b.poll(Duration.ofMillis(50));
      }
      assertEquals(2, a.assignment().size(), "a: " + a.assignment());
      assertEquals(2, b.assignment().size(), "b: " + b.assignment());
      Set<TopicPartition> all = new HashSet<>(a.assignment());
      all.addAll(b.assignment());
      assertEquals(4, all.size());

      b.close();
      deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while (a.assignment().size() != 4 && System.nanoTime() < deadline) {
        a.poll(Duration.ofMillis(50));
      }
      assertEquals(4, a.assignment().size(), "after b left, a has every partition");
      produce("cg-shared", 8);
      List<ConsumerRecord<String, String>> got = new ArrayList<>();
      pollUntil(a, got, () -> got.size() >= 8);
      assertEquals(8, got.size());
    } finally {
      a.close();
      b.close();
    }
  }

  @Test
  void adminClientDescribesListsAndDeletesGroups() throws Exception {
    cluster.createTopic("cg-admin", 3, 1);
    produce("cg-admin", 3);
    try (Admin admin = Admin.create(
        ClientConfigs.admin(cluster))) {
      try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(groupConsumer("cg-admin-group"))) {
        consumer.subscribe(List.of("cg-admin"));
        List<ConsumerRecord<String, String>> got = new ArrayList<>();
        pollUntil(consumer, got, () -> got.size() >= 3);
        consumer.commitSync();
        ConsumerGroupDescription d = admin.describeConsumerGroups(
            List.of("cg-admin-group")).all().get().get("cg-admin-group");
        assertEquals(GroupState.STABLE, d.groupState());
        assertEquals("range", d.partitionAssignor());
        assertEquals(1, d.members().size());
        assertEquals(3, d.members().iterator().next().assignment().topicPartitions().size());
        assertTrue(admin.listGroups().all().get().stream().anyMatch(g -> g.groupId().equals("cg-admin-group")));
        ExecutionException busy = Assertions.assertThrows(
            ExecutionException.class,
            () -> admin.deleteConsumerGroups(List.of("cg-admin-group")).all().get());
        Assertions.assertInstanceOf(GroupNotEmptyException.class,
            busy.getCause());
      }
      Map<TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets("cg-admin-group")
          .partitionsToOffsetAndMetadata().get();
      assertEquals(3, offsets.values().stream().mapToLong(OffsetAndMetadata::offset).sum());
      // OffsetDelete: one partition's offset gone, the others kept
      TopicPartition first = new TopicPartition("cg-admin", 0);
      admin.deleteConsumerGroupOffsets("cg-admin-group", Set.of(first)).all().get();
      Map<TopicPartition, OffsetAndMetadata> left = admin.listConsumerGroupOffsets("cg-admin-group")
          .partitionsToOffsetAndMetadata().get();
      // The partitions committed are those whose position the consumer had when it committed: one
      // the keys leave empty may not have one yet, so the expectation is taken from what was committed.
      assertTrue(offsets.containsKey(first), offsets.toString());
      Set<TopicPartition> kept = new java.util.HashSet<>(offsets.keySet());
      kept.remove(first);
      assertEquals(kept, left.keySet());
      admin.deleteConsumerGroups(List.of("cg-admin-group")).all().get();
      assertTrue(admin.listGroups().all().get().stream().noneMatch(g -> g.groupId().equals("cg-admin-group")));
    }
  }

  @Test
  void aRestartedStaticMemberGetsItsPartitionsBackWithoutWaitingOutItsOldSelf() throws Exception {
    cluster.createTopic("cg-static", 2, 1);
    produce("cg-static", 4);
    Properties props = groupConsumer("cg-static-group");
    props.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "worker-1");
    props.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 60_000);
    List<ConsumerRecord<String, String>> first = new ArrayList<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.subscribe(List.of("cg-static"));
      pollUntil(consumer, first, () -> first.size() >= 4);
      consumer.commitSync();
    }
    produce("cg-static", 2);
    List<ConsumerRecord<String, String>> second = new ArrayList<>();
    long started = System.nanoTime();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props)) {
      consumer.subscribe(List.of("cg-static"));
      pollUntil(consumer, second, () -> second.size() >= 2);
      assertEquals(2, consumer.assignment().size());
    }
    assertEquals(2, second.size());
    // Without static membership the rejoin would wait for the old member's 6 s session to expire.
    assertTrue(System.nanoTime() - started < Duration.ofSeconds(4).toNanos(),
        "took " + (System.nanoTime() - started) / 1_000_000 + " ms");
  }

  private static Properties groupConsumer(String group) {
    Properties p = ClientConfigs.consumer(cluster, group);
    p.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 100);
    p.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 6_000);
    p.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, 10_000);
    return p;
  }

  private static void produce(String topic, int count) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, "k" + i, "v" + i)).get();
      }
    }
  }

  private static void pollUntil(KafkaConsumer<String, String> consumer, List<ConsumerRecord<String, String>> into,
      BooleanSupplier done) {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      consumer.poll(Duration.ofMillis(100)).forEach(into::add);
    }
    assertTrue(done.getAsBoolean(), "timed out with " + into.size() + " record(s)");
  }
}
