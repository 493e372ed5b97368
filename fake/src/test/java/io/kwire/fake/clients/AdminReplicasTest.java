package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeCluster;
import io.kwire.messages.DescribeLogDirsRequestBuilder;
import io.kwire.messages.DescribeLogDirsResponse;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionReplica;
import org.apache.kafka.common.errors.ElectionNotNeededException;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.errors.LogDirNotFoundException;
import org.apache.kafka.common.errors.NoReassignmentInProgressException;
import org.apache.kafka.common.errors.ReplicaNotAvailableException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

/**
 * AdminClient moves leaders and replicas on a three-broker fake: electLeaders (preferred and
 * unclean), alterPartitionReassignments and listPartitionReassignments, describeLogDirs and
 * alterReplicaLogDirs, with the exceptions Kafka gives. Partition p of "moves" starts on brokers
 * p % 3 and (p + 1) % 3, led by the first.
 */
class AdminReplicasTest {
  private static final TopicPartition M0 = new TopicPartition("moves", 0);
  private static final TopicPartition M1 = new TopicPartition("moves", 1);
  private static final TopicPartition M2 = new TopicPartition("moves", 2);
  private static final TopicPartition MISSING = new TopicPartition("missing", 0);

  @Test
  void electsPreferredLeadersAndRefusesUncleanOnesThatAreNotNeeded() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).topic("moves", 3, 2).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      kafka.moveLeader("moves", 0, 1);
      Map<TopicPartition, Optional<Throwable>> elected =
          admin.electLeaders(ElectionType.PREFERRED, Set.of(M0, M1, MISSING)).partitions().get();
      assertEquals(Optional.empty(), elected.get(M0));
      assertInstanceOf(ElectionNotNeededException.class, elected.get(M1).orElseThrow());
      assertInstanceOf(UnknownTopicOrPartitionException.class, elected.get(MISSING).orElseThrow());
      assertEquals(0, describe(admin).partitions().get(0).leader().id());
      assertEquals(3, elected.size());

      assertInstanceOf(ElectionNotNeededException.class, admin.electLeaders(ElectionType.UNCLEAN, Set.of(M0))
          .partitions().get().get(M0).orElseThrow());

      kafka.moveLeader("moves", 2, 0);
      Map<TopicPartition, Optional<Throwable>> all = admin.electLeaders(ElectionType.PREFERRED, null).partitions().get();
      assertEquals(Map.of(M2, Optional.empty()), all, "only the partition that was not led by its preferred replica");
      assertEquals(2, describe(admin).partitions().get(2).leader().id());
    }
  }

  @Test
  void reassignsReplicasAtOnceAndRefusesBadAssignments() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).topic("moves", 3, 2).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka))) {
      Map<TopicPartition, Optional<NewPartitionReassignment>> moves = new java.util.HashMap<>();
      moves.put(M0, Optional.of(new NewPartitionReassignment(List.of(2, 1))));
      moves.put(M1, Optional.of(new NewPartitionReassignment(List.of(1, 0, 2))));
      moves.put(M2, Optional.empty());
      moves.put(MISSING, Optional.of(new NewPartitionReassignment(List.of(0))));
      Map<TopicPartition, ? extends Future<Void>> results = admin.alterPartitionReassignments(moves).values();
      results.get(M0).get();
      results.get(M1).get();
      assertCause(NoReassignmentInProgressException.class, results.get(M2));
      assertCause(UnknownTopicOrPartitionException.class, results.get(MISSING));
      assertCause(InvalidReplicaAssignmentException.class, admin.alterPartitionReassignments(
          Map.of(M2, Optional.of(new NewPartitionReassignment(List.of(0, 0))))).values().get(M2));
      assertCause(InvalidReplicaAssignmentException.class, admin.alterPartitionReassignments(
          Map.of(M2, Optional.of(new NewPartitionReassignment(List.of(7))))).values().get(M2));

      TopicDescription after = describe(admin);
      assertEquals(List.of(2, 1), ids(after.partitions().get(0).replicas()));
      assertEquals(2, after.partitions().get(0).leader().id(), "the old leader left: the first target leads");
      assertEquals(List.of(1, 0, 2), ids(after.partitions().get(1).replicas()));
      assertEquals(1, after.partitions().get(1).leader().id(), "the leader stayed");
      assertEquals(List.of(2, 0), ids(after.partitions().get(2).replicas()));
      assertEquals(Map.of(), admin.listPartitionReassignments().reassignments().get());
      assertEquals(Map.of(), admin.listPartitionReassignments(Set.of(M0, MISSING)).reassignments().get());
    }
  }

  @Test
  void describesAndAltersLogDirs() throws Exception {
    try (FakeCluster kafka = FakeCluster.builder().brokers(3).topic("moves", 3, 2).start();
        Admin admin = Admin.create(ClientConfigs.admin(kafka));
        KafkaProducer<String, String> producer = new KafkaProducer<>(ClientConfigs.producer(kafka))) {
      producer.send(new ProducerRecord<>("moves", 1, "k", "v")).get();
      Map<Integer, Map<String, LogDirDescription>> dirs = admin.describeLogDirs(List.of(0, 1, 2)).allDescriptions()
          .get();
      for (int broker = 0; broker < 3; broker++) {
        String dir = "/kwire-fake/broker-" + broker + "/logs";
        assertEquals(Set.of(dir), dirs.get(broker).keySet());
        LogDirDescription d = dirs.get(broker).get(dir);
        assertTrue(d.totalBytes().orElseThrow() > 0 && d.usableBytes().orElseThrow() > 0);
        int b = broker;
        Set<TopicPartition> held = Set.of(M0, M1, M2).stream()
            .filter(tp -> tp.partition() % 3 == b || (tp.partition() + 1) % 3 == b).collect(Collectors.toSet());
        assertEquals(held, d.replicaInfos().keySet(), "broker " + broker);
        for (Map.Entry<TopicPartition, ReplicaInfo> r : d.replicaInfos().entrySet()) {
          // one record "k"/"v": a 61-byte batch header and a 9-byte record
          assertEquals(r.getKey().equals(M1) ? 70 : 0, r.getValue().size(), r.getKey() + " on " + broker);
          assertEquals(0, r.getValue().offsetLag());
        }
      }

      // v0, which 4.x clients no longer send (3.x ones did), answered through the bridge's translation
      try (KwireClient old = KwireClient.connect(new InetSocketAddress("127.0.0.1", kafka.brokers().get(1).port()))) {
        DescribeLogDirsResponse v0 = old.send(new DescribeLogDirsRequestBuilder().topics(null).build(),
            DescribeLogDirsResponse.class, (short) 0).get(5, TimeUnit.SECONDS);
        assertEquals(List.of("/kwire-fake/broker-1/logs"), v0.results().stream().map(r -> r.logDir()).toList());
        assertEquals(Set.of(0, 1), v0.results().get(0).topics().get(0).partitions().stream()
            .map(p -> p.partitionIndex()).collect(Collectors.toSet()));
      }

      Map<TopicPartitionReplica, ? extends Future<Void>> altered = admin.alterReplicaLogDirs(Map.of(
          new TopicPartitionReplica("moves", 1, 1), "/kwire-fake/broker-1/logs",
          new TopicPartitionReplica("moves", 1, 2), "/elsewhere",
          new TopicPartitionReplica("moves", 2, 1), "/kwire-fake/broker-1/logs")).values();
      altered.get(new TopicPartitionReplica("moves", 1, 1)).get();
      assertCause(LogDirNotFoundException.class, altered.get(new TopicPartitionReplica("moves", 1, 2)));
      assertCause(ReplicaNotAvailableException.class, altered.get(new TopicPartitionReplica("moves", 2, 1)));
    }
  }

  private static TopicDescription describe(Admin admin) throws Exception {
    return admin.describeTopics(List.of("moves")).allTopicNames().get().get("moves");
  }

  private static List<Integer> ids(List<Node> nodes) {
    return nodes.stream().map(Node::id).toList();
  }

  private static void assertCause(Class<? extends Throwable> expected, Future<?> future) {
    ExecutionException e = assertThrows(ExecutionException.class, future::get);
    assertInstanceOf(expected, e.getCause());
  }
}
