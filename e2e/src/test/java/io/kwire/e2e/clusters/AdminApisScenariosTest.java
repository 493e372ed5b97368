package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.TopicPartitionReplica;
import org.apache.kafka.common.errors.ElectionNotNeededException;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.errors.LogDirNotFoundException;
import org.apache.kafka.common.errors.NoReassignmentInProgressException;
import org.apache.kafka.common.errors.TransactionalIdNotFoundException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 27's admin APIs with Kafka's AdminClient (4.4.0) against the real broker and the fake, the
 * same assertions on both: describeTopics through DescribeTopicPartitions (paged by a limit of two
 * partitions), the transaction APIs with a hanging transaction aborted through abortTransaction,
 * leader elections, reassignments, log directories and features.
 */
class AdminApisScenariosTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Target> targets() {
    return TARGETS.both();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void describesTopicsThroughDescribeTopicPartitions(Target target) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      var created = admin.createTopics(List.of(new NewTopic("clusters-admin27-dtp", 3, (short) 1)));
      created.all().get();
      Node node = admin.describeCluster().nodes().get().iterator().next();
      AdminScenariosTest.awaitTrue(() -> led(admin, "clusters-admin27-dtp", 3), "the topic's partitions are not led");
      TopicDescription d = admin.describeTopics(List.of("clusters-admin27-dtp"),
          new DescribeTopicsOptions().partitionSizeLimitPerResponse(2)).allTopicNames().get().get("clusters-admin27-dtp");
      assertEquals(created.topicId("clusters-admin27-dtp").get(), d.topicId());
      assertEquals(List.of(0, 1, 2), d.partitions().stream().map(TopicPartitionInfo::partition).toList());
      for (TopicPartitionInfo p : d.partitions()) {
        assertEquals(node.id(), p.leader().id());
        assertEquals(List.of(node.id()), p.replicas().stream().map(Node::id).toList());
        assertEquals(List.of(node.id()), p.isr().stream().map(Node::id).toList());
      }
      ExecutionException missing = assertThrows(ExecutionException.class,
          () -> admin.describeTopics(List.of("clusters-admin27-missing")).allTopicNames().get());
      assertInstanceOf(UnknownTopicOrPartitionException.class, missing.getCause());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void listsDescribesAndAbortsAHangingTransaction(Target target) throws Exception {
    TopicPartition tp = new TopicPartition("clusters-admin27-txn", 0);
    String txnId = "clusters-admin27-txn-id";
    Properties config = Clients.producer(target);
    config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, txnId);
    try (Admin admin = Clients.admin(target);
        KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
      admin.createTopics(List.of(new NewTopic(tp.topic(), 1, (short) 1))).all().get();
      producer.initTransactions();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>(tp.topic(), 0, "k", "v0")).get();
      producer.send(new ProducerRecord<>(tp.topic(), 0, "k", "v1")).get();

      TransactionDescription open = admin.describeTransactions(List.of(txnId)).all().get().get(txnId);
      assertEquals(TransactionState.ONGOING, open.state());
      assertEquals(Set.of(tp), open.topicPartitions());
      assertEquals(60_000, open.transactionTimeoutMs());
      assertTrue(open.transactionStartTimeMs().isPresent());
      List<TransactionListing> listed = admin.listTransactions(new ListTransactionsOptions()
          .filterProducerIds(Set.of(open.producerId()))).all().get().stream().toList();
      assertEquals(List.of(txnId), listed.stream().map(TransactionListing::transactionalId).toList());
      assertEquals(TransactionState.ONGOING, listed.get(0).state());
      assertEquals(List.of(), admin.listTransactions(new ListTransactionsOptions()
          .filterProducerIds(Set.of(open.producerId())).filterStates(List.of(TransactionState.COMPLETE_COMMIT)))
          .all().get().stream().toList());
      assertInstanceOf(TransactionalIdNotFoundException.class, assertThrows(ExecutionException.class,
          () -> admin.describeTransactions(List.of("clusters-admin27-nobody")).all().get()).getCause());

      ProducerState state = only(admin.describeProducers(List.of(tp)).partitionResult(tp).get().activeProducers());
      assertEquals(open.producerId(), state.producerId());
      assertEquals(open.producerEpoch(), state.producerEpoch());
      assertEquals(1, state.lastSequence());
      assertEquals(OptionalLong.of(0), state.currentTransactionStartOffset());
      assertEquals(OptionalInt.empty(), state.coordinatorEpoch());

      admin.abortTransaction(new AbortTransactionSpec(tp, state.producerId(), (short) state.producerEpoch(), 0))
          .all().get();
      ProducerState aborted = only(admin.describeProducers(List.of(tp)).partitionResult(tp).get().activeProducers());
      assertEquals(OptionalLong.empty(), aborted.currentTransactionStartOffset());
      assertEquals(OptionalInt.of(0), aborted.coordinatorEpoch());
      assertEquals(List.of(), Clients.readAll(target, tp, "read_committed"), "the aborted records are not read");

      producer.abortTransaction();
      AdminScenariosTest.awaitTrue(() -> state(admin, txnId) == TransactionState.COMPLETE_ABORT,
          "the transaction did not complete its abort");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void electsLeadersAndReassignsReplicas(Target target) throws Exception {
    TopicPartition tp = new TopicPartition("clusters-admin27-moves", 0);
    TopicPartition missing = new TopicPartition("clusters-admin27-missing", 0);
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(tp.topic(), 2, (short) 1))).all().get();
      AdminScenariosTest.awaitTrue(() -> led(admin, tp.topic(), 2), "the topic's partitions are not led");
      int node = admin.describeCluster().nodes().get().iterator().next().id();
      Map<TopicPartition, Optional<Throwable>> preferred =
          admin.electLeaders(ElectionType.PREFERRED, Set.of(tp, missing)).partitions().get();
      assertInstanceOf(ElectionNotNeededException.class, preferred.get(tp).orElseThrow());
      assertInstanceOf(UnknownTopicOrPartitionException.class, preferred.get(missing).orElseThrow());
      assertInstanceOf(ElectionNotNeededException.class,
          admin.electLeaders(ElectionType.UNCLEAN, Set.of(tp)).partitions().get().get(tp).orElseThrow());
      assertEquals(Map.of(), admin.electLeaders(ElectionType.PREFERRED, null).partitions().get(),
          "every partition is led by its preferred replica: none listed");

      Map<TopicPartition, Optional<NewPartitionReassignment>> moves = new HashMap<>();
      moves.put(tp, Optional.of(new NewPartitionReassignment(List.of(node))));
      moves.put(new TopicPartition(tp.topic(), 1), Optional.empty());
      moves.put(missing, Optional.of(new NewPartitionReassignment(List.of(node))));
      Map<TopicPartition, ? extends Future<Void>> results = admin.alterPartitionReassignments(moves).values();
      results.get(tp).get();
      assertCause(NoReassignmentInProgressException.class, results.get(new TopicPartition(tp.topic(), 1)));
      assertCause(UnknownTopicOrPartitionException.class, results.get(missing));
      assertCause(InvalidReplicaAssignmentException.class, admin.alterPartitionReassignments(
          Map.of(tp, Optional.of(new NewPartitionReassignment(List.of(node, node))))).values().get(tp));
      assertCause(InvalidReplicaAssignmentException.class, admin.alterPartitionReassignments(
          Map.of(tp, Optional.of(new NewPartitionReassignment(List.of(node + 100))))).values().get(tp));
      assertEquals(Map.of(), admin.listPartitionReassignments(Set.of(tp)).reassignments().get());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void describesAndAltersLogDirs(Target target) throws Exception {
    TopicPartition tp = new TopicPartition("clusters-admin27-dirs", 0);
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(tp.topic(), 1, (short) 1))).all().get();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(Clients.producer(target))) {
        producer.send(new ProducerRecord<>(tp.topic(), 0, "k", "v")).get();
      }
      int node = admin.describeCluster().nodes().get().iterator().next().id();
      Map<String, LogDirDescription> dirs = admin.describeLogDirs(List.of(node)).allDescriptions().get().get(node);
      assertEquals(1, dirs.size());
      String dir = dirs.keySet().iterator().next();
      LogDirDescription d = dirs.get(dir);
      assertTrue(d.totalBytes().orElseThrow() > 0 && d.usableBytes().orElseThrow() > 0);
      // one record "k"/"v": a 61-byte batch header and a 9-byte record
      assertEquals(70, d.replicaInfos().get(tp).size());
      assertEquals(0, d.replicaInfos().get(tp).offsetLag());

      admin.alterReplicaLogDirs(Map.of(new TopicPartitionReplica(tp.topic(), 0, node), dir)).all().get();
      assertCause(LogDirNotFoundException.class, admin.alterReplicaLogDirs(Map.of(
          new TopicPartitionReplica(tp.topic(), 0, node), "/kwire-no-such-dir")).values()
          .get(new TopicPartitionReplica(tp.topic(), 0, node)));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void describesFeatures(Target target) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      FeatureMetadata features = admin.describeFeatures().featureMetadata().get();
      Map<String, Short> finalized = features.finalizedFeatures().entrySet().stream()
          .filter(e -> Set.of("metadata.version", "transaction.version", "group.version").contains(e.getKey()))
          .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().maxVersionLevel()));
      assertEquals(Map.of("metadata.version", (short) 33, "transaction.version", (short) 2, "group.version", (short) 1),
          finalized);
      assertEquals(2, features.supportedFeatures().get("transaction.version").maxVersion());
    }
  }

  private static boolean led(Admin admin, String topic, int partitions) {
    try {
      TopicDescription d = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic);
      return d.partitions().size() == partitions && d.partitions().stream().allMatch(p -> p.leader() != null);
    } catch (Exception e) {
      return false;
    }
  }

  private static TransactionState state(Admin admin, String txnId) {
    try {
      return admin.describeTransactions(List.of(txnId)).all().get().get(txnId).state();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static <T> T only(List<T> list) {
    assertEquals(1, list.size(), list.toString());
    return list.get(0);
  }

  private static void assertCause(Class<? extends Throwable> expected, Future<?> future) {
    ExecutionException e = assertThrows(ExecutionException.class, future::get);
    assertInstanceOf(expected, e.getCause(), e.getCause().toString());
  }
}
