package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.fake.junit.FakeKafka;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * KafkaConsumer with group.protocol=consumer (KIP-848): one member, a second joining, one leaving; a
 * static member closing and its successor; admin describes.
 */
@FakeKafka(brokers = 2)
class ConsumerProtocolGroupTest {
  private static FakeCluster cluster;

  @BeforeAll
  static void remember(FakeCluster started) {
    cluster = started;
  }

  @Test
  void oneMemberConsumesEveryPartitionCommitsAndTheNextResumes() throws Exception {
    cluster.createTopic("kip848-one", 3, 1);
    produce("kip848-one", "a", 12);
    Set<String> seen = new HashSet<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumer("kip848-one-group"))) {
      consumer.subscribe(List.of("kip848-one"));
      pollUntil(() -> seen.size() == 12, consumer, seen);
      assertEquals(3, consumer.assignment().size());
      consumer.commitSync();
      Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(consumer.assignment());
      assertEquals(12, committed.values().stream().mapToLong(OffsetAndMetadata::offset).sum());
    }
    produce("kip848-one", "b", 3);
    Set<String> second = new HashSet<>();
    try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumer("kip848-one-group"))) {
      consumer.subscribe(List.of("kip848-one"));
      pollUntil(() -> second.size() >= 3, consumer, second);
    }
    assertEquals(Set.of("b-0", "b-1", "b-2"), second, "only what came after the commit");
  }

  @Test
  void aSecondMemberSplitsThePartitionsAndTheFirstTakesOverWhenItLeaves() throws Exception {
    cluster.createTopic("kip848-shared", 4, 1);
    produce("kip848-shared", "a", 20);
    Set<String> seen = new HashSet<>();
    KafkaConsumer<String, String> a = new KafkaConsumer<>(consumer("kip848-shared-group"));
    KafkaConsumer<String, String> b = new KafkaConsumer<>(consumer("kip848-shared-group"));
    try (Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
      a.subscribe(List.of("kip848-shared"));
      pollUntil(() -> seen.size() == 20 && a.assignment().size() == 4, a, seen);
      a.commitSync();

      b.subscribe(List.of("kip848-shared"));
      pollUntil(() -> a.assignment().size() == 2 && b.assignment().size() == 2, a, seen, b);
      Set<TopicPartition> both = new HashSet<>(a.assignment());
      both.addAll(b.assignment());
      assertEquals(4, both.size(), "a " + a.assignment() + ", b " + b.assignment());

      produce("kip848-shared", "b", 20);
      pollUntil(() -> seen.size() == 40, a, seen, b);

      ConsumerGroupDescription described = admin.describeConsumerGroups(List.of("kip848-shared-group")).all().get()
          .get("kip848-shared-group");
      assertEquals(GroupType.CONSUMER, described.type());
      assertEquals(GroupState.STABLE, described.groupState());
      assertEquals("uniform", described.partitionAssignor());
      assertEquals(2, described.members().size());
      for (MemberDescription m : described.members()) {
        assertEquals(2, m.assignment().topicPartitions().size(), m.toString());
        assertEquals(m.assignment(), m.targetAssignment().orElseThrow());
      }
      assertTrue(admin.listGroups().all().get().stream().anyMatch(g -> g.groupId().equals("kip848-shared-group")
          && g.type().orElseThrow() == GroupType.CONSUMER));

      b.close();
      pollUntil(() -> a.assignment().size() == 4, a, seen);
      produce("kip848-shared", "c", 8);
      pollUntil(() -> seen.size() == 48, a, seen);
      Set<String> expected = new HashSet<>();
      for (String batch : List.of("a", "b")) {
        for (int i = 0; i < 20; i++) {
          expected.add(batch + "-" + i);
        }
      }
      for (int i = 0; i < 8; i++) {
        expected.add("c-" + i);
      }
      assertEquals(expected, seen, "none lost");
    } finally {
      a.close();
      b.close();
    }
  }

  @Test
  void aClosedStaticMemberKeepsItsPlaceAndItsSuccessorTakesItWithoutARebalance() throws Exception {
    cluster.createTopic("kip848-static", 4, 1);
    produce("kip848-static", "a", 8);
    Set<String> seen = new HashSet<>();
    Properties staticProps = consumer("kip848-static-group");
    staticProps.put(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG, "worker-a");
    KafkaConsumer<String, String> a = new KafkaConsumer<>(staticProps);
    KafkaConsumer<String, String> b = new KafkaConsumer<>(consumer("kip848-static-group"));
    KafkaConsumer<String, String> next = new KafkaConsumer<>(staticProps);
    try (Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
      a.subscribe(List.of("kip848-static"));
      b.subscribe(List.of("kip848-static"));
      pollUntil(() -> a.assignment().size() == 2 && b.assignment().size() == 2 && stable(admin), a, seen, b);
      Set<TopicPartition> ofA = Set.copyOf(a.assignment());
      int epoch = describe(admin).groupEpoch().orElseThrow();

      a.close(); // a static member's close is a -2 leave
      ConsumerGroupDescription left = describe(admin);
      assertEquals(epoch, left.groupEpoch().orElseThrow(), "no rebalance");
      MemberDescription gone = left.members().stream().filter(m -> m.groupInstanceId().isPresent()).findFirst()
          .orElseThrow();
      assertEquals(-2, gone.memberEpoch().orElseThrow());
      assertEquals(ofA, gone.assignment().topicPartitions());

      next.subscribe(List.of("kip848-static"));
      pollUntil(() -> !next.assignment().isEmpty(), next, seen, b);
      assertEquals(ofA, next.assignment(), "a's partitions, at once");
      assertEquals(2, b.assignment().size());
      ConsumerGroupDescription back = describe(admin);
      assertEquals(epoch, back.groupEpoch().orElseThrow(), "still no rebalance");
      assertEquals(2, back.members().size());
    } finally {
      a.close();
      b.close();
      next.close();
    }
  }

  private static boolean stable(Admin admin) {
    return describe(admin).groupState() == GroupState.STABLE;
  }

  private static ConsumerGroupDescription describe(Admin admin) {
    try {
      return admin.describeConsumerGroups(List.of("kip848-static-group")).all().get().get("kip848-static-group");
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static Properties consumer(String group) {
    Properties p = ClientConfigs.consumer(cluster, group);
    p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
    return p;
  }

  private static void produce(String topic, String batch, int count) throws Exception {
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(cluster))) {
      for (int i = 0; i < count; i++) {
        producer.send(new ProducerRecord<>(topic, batch + i, batch + "-" + i)).get();
      }
    }
  }

  /** Polls the consumers in turn, committing what each read, until {@code done}. */
  @SafeVarargs
  private static void pollUntil(BooleanSupplier done, KafkaConsumer<String, String> first, Set<String> seen,
      KafkaConsumer<String, String>... others) {
    long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
    while (!done.getAsBoolean() && System.nanoTime() < deadline) {
      pollOnce(first, seen);
      for (KafkaConsumer<String, String> c : others) {
        pollOnce(c, seen);
      }
    }
    assertTrue(done.getAsBoolean(), "timed out with " + seen.size() + " record(s): a " + first.assignment());
  }

  private static void pollOnce(KafkaConsumer<String, String> consumer, Set<String> seen) {
    consumer.poll(Duration.ofMillis(50)).forEach(r -> seen.add(r.value()));
    if (!consumer.assignment().isEmpty()) {
      consumer.commitSync();
    }
  }
}
