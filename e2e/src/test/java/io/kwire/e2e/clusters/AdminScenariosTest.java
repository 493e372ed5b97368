package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.DeleteTopicsResult;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListOffsetsResult.ListOffsetsResultInfo;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.GroupState;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Kafka's AdminClient (4.4.0) against the real broker and the fake, the same assertions on both:
 * topics created (partitions, configs, validateOnly), refused (TOPIC_ALREADY_EXISTS,
 * INVALID_TOPIC_EXCEPTION), deleted (several, one missing), grown; configs described with their
 * sources and altered incrementally; the cluster described; groups listed, described, their
 * offsets read and deleted, the groups deleted; offsets listed (earliest, latest, max timestamp,
 * by time); records deleted.
 */
class AdminScenariosTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Target> targets() {
    return TARGETS.both();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void createsTopicsWithPartitionsAndConfigsValidatesOnlyAndRefusesBadOnes(Target target) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      CreateTopicsResult validated = admin.createTopics(List.of(new NewTopic("clusters-admin-validated", 3, (short) 1)),
          new CreateTopicsOptions().validateOnly(true));
      validated.all().get();
      assertEquals(3, validated.numPartitions("clusters-admin-validated").get());
      assertFalse(admin.listTopics().names().get().contains("clusters-admin-validated"), "validateOnly created it");

      CreateTopicsResult created = admin.createTopics(List.of(new NewTopic("clusters-admin-made", 3, (short) 1)
          .configs(Map.of("retention.ms", "123456", "cleanup.policy", "compact"))));
      created.all().get();
      assertEquals(3, created.numPartitions("clusters-admin-made").get());
      assertEquals(1, created.replicationFactor("clusters-admin-made").get());
      Config config = created.config("clusters-admin-made").get();
      assertEquals("123456", config.get("retention.ms").value());
      assertEquals(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG, config.get("retention.ms").source());
      assertEquals("compact", config.get("cleanup.policy").value());
      assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG, config.get("segment.bytes").source());
      assertEquals(3, io.kwire.e2e.Described.topic(admin, "clusters-admin-made").partitions().size());

      assertCause(TopicExistsException.class, () -> admin.createTopics(
          List.of(new NewTopic("clusters-admin-made", 1, (short) 1))).all().get());
      assertCause(InvalidTopicException.class, () -> admin.createTopics(
          List.of(new NewTopic("clusters/admin bad", 1, (short) 1))).all().get());
      assertCause(InvalidTopicException.class, () -> admin.createTopics(
          List.of(new NewTopic("..", 1, (short) 1))).all().get());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void deletesSeveralTopicsOneMissingAndGrowsOne(Target target) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic("clusters-admin-del-a", 1, (short) 1),
          new NewTopic("clusters-admin-del-b", 2, (short) 1), new NewTopic("clusters-admin-grow", 1, (short) 1)))
          .all().get();
      DeleteTopicsResult deleted = admin.deleteTopics(
          List.of("clusters-admin-del-a", "clusters-admin-del-b", "clusters-admin-missing"));
      deleted.topicNameValues().get("clusters-admin-del-a").get();
      deleted.topicNameValues().get("clusters-admin-del-b").get();
      assertCause(UnknownTopicOrPartitionException.class,
          () -> deleted.topicNameValues().get("clusters-admin-missing").get());
      awaitTrue(() -> {
        Set<String> names = get(admin.listTopics().names());
        return !names.contains("clusters-admin-del-a") && !names.contains("clusters-admin-del-b");
      }, "the deleted topics are still listed");

      admin.createPartitions(Map.of("clusters-admin-grow", NewPartitions.increaseTo(3))).all().get();
      awaitTrue(() -> get(admin.describeTopics(List.of("clusters-admin-grow")).allTopicNames())
          .get("clusters-admin-grow").partitions().size() == 3, "the topic did not grow to 3 partitions");
      assertCause(InvalidPartitionsException.class, () -> admin.createPartitions(
          Map.of("clusters-admin-grow", NewPartitions.increaseTo(2))).all().get());
      assertCause(UnknownTopicOrPartitionException.class, () -> admin.createPartitions(
          Map.of("clusters-admin-missing", NewPartitions.increaseTo(2))).all().get());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void describesAndAltersTopicConfigsWithTheirSources(Target target) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic("clusters-admin-configs", 1, (short) 1))).all().get();
      ConfigResource topic = new ConfigResource(ConfigResource.Type.TOPIC, "clusters-admin-configs");
      ConfigEntry retention = describe(admin, topic).get("retention.ms");
      assertEquals("604800000", retention.value());
      assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG, retention.source());

      admin.incrementalAlterConfigs(Map.of(topic, List.of(
          new AlterConfigOp(new ConfigEntry("retention.ms", "60000"), AlterConfigOp.OpType.SET),
          new AlterConfigOp(new ConfigEntry("cleanup.policy", "compact"), AlterConfigOp.OpType.APPEND)))).all().get();
      Config altered = describeOnce(admin, topic, "retention.ms", "60000");
      assertEquals("60000", altered.get("retention.ms").value());
      assertEquals(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG, altered.get("retention.ms").source());
      assertEquals("delete,compact", altered.get("cleanup.policy").value());

      admin.incrementalAlterConfigs(Map.of(topic, List.of(
          new AlterConfigOp(new ConfigEntry("retention.ms", ""), AlterConfigOp.OpType.DELETE)))).all().get();
      ConfigEntry back = describeOnce(admin, topic, "retention.ms", "604800000").get("retention.ms");
      assertEquals("604800000", back.value());
      assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG, back.source());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void describesTheCluster(Target target) throws Exception {
    try (Admin admin = Clients.admin(target)) {
      DescribeClusterResult cluster = admin.describeCluster();
      Collection<Node> nodes = cluster.nodes().get();
      assertEquals(1, nodes.size());
      Node node = nodes.iterator().next();
      assertEquals(target.bootstrapServers(), node.host() + ":" + node.port());
      assertTrue(nodes.contains(cluster.controller().get()), "the controller is a broker of the cluster");
      String id = cluster.clusterId().get();
      assertNotNull(id);
      assertEquals(22, id.length(), id); // 16 bytes, base64 without padding
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void listsDescribesAndDeletesGroupsAndTheirOffsets(Target target) throws Exception {
    String topicName = "clusters-admin-groups";
    String group = "clusters-admin-group";
    TopicPartition p0 = new TopicPartition(topicName, 0);
    TopicPartition p1 = new TopicPartition(topicName, 1);
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topicName, 2, (short) 1))).all().get();
      try (KafkaConsumer<String, String> member =
          new KafkaConsumer<>(Clients.consumer(target, group, "classic", "read_uncommitted"))) {
        member.subscribe(List.of(topicName));
        awaitTrue(() -> {
          member.poll(Duration.ofMillis(100));
          return member.assignment().size() == 2;
        }, "the member was not assigned both partitions");
        member.commitSync(Map.of(p0, new OffsetAndMetadata(0, "m0"), p1, new OffsetAndMetadata(0)));
        assertCause(GroupNotEmptyException.class, () -> admin.deleteConsumerGroups(List.of(group)).all().get());
        var described = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
        assertEquals(GroupState.STABLE, described.groupState());
        assertEquals(1, described.members().size());
        assertEquals(Set.of(p0, p1), described.members().iterator().next().assignment().topicPartitions());
      }
      var empty = admin.describeConsumerGroups(List.of(group)).all().get().get(group);
      assertEquals(GroupState.EMPTY, empty.groupState());
      assertTrue(admin.listGroups().all().get().stream().map(GroupListing::groupId).anyMatch(group::equals));
      assertEquals(Map.of(p0, new OffsetAndMetadata(0, "m0"), p1, new OffsetAndMetadata(0)),
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get());

      admin.deleteConsumerGroupOffsets(group, Set.of(p0)).all().get();
      assertEquals(Map.of(p1, new OffsetAndMetadata(0)),
          admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get());
      admin.deleteConsumerGroups(List.of(group)).all().get();
      assertFalse(admin.listGroups().all().get().stream().map(GroupListing::groupId).anyMatch(group::equals),
          "the deleted group is still listed");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void listsOffsetsEarliestLatestMaxTimestampAndByTimeAndDeletesRecords(Target target) throws Exception {
    TopicPartition p = new TopicPartition("clusters-admin-offsets", 0);
    long t = 1_700_000_000_000L;
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(p.topic(), 1, (short) 1))).all().get();
      try (KafkaProducer<String, String> producer = new KafkaProducer<>(Clients.producer(target))) {
        long[] timestamps = {t, t + 30, t + 10, t + 20};
        for (int i = 0; i < timestamps.length; i++) {
          assertEquals(i, producer.send(new ProducerRecord<>(p.topic(), 0, timestamps[i], "k" + i, "v" + i))
              .get().offset());
        }
      }
      assertEquals(0, offset(admin, p, OffsetSpec.earliest()).offset());
      assertEquals(4, offset(admin, p, OffsetSpec.latest()).offset());
      ListOffsetsResultInfo max = offset(admin, p, OffsetSpec.maxTimestamp());
      assertEquals(1, max.offset());
      assertEquals(t + 30, max.timestamp());
      ListOffsetsResultInfo byTime = offset(admin, p, OffsetSpec.forTimestamp(t + 15));
      assertEquals(1, byTime.offset(), "the first record at or after the time");
      assertEquals(t + 30, byTime.timestamp());
      assertEquals(-1, offset(admin, p, OffsetSpec.forTimestamp(t + 31)).offset(), "none at or after it");

      assertEquals(2, admin.deleteRecords(Map.of(p, RecordsToDelete.beforeOffset(2))).lowWatermarks().get(p).get()
          .lowWatermark());
      assertEquals(2, offset(admin, p, OffsetSpec.earliest()).offset());
      assertEquals(4, offset(admin, p, OffsetSpec.latest()).offset());
      assertEquals(List.of("v2", "v3"), Clients.readAll(target, p, "read_uncommitted").stream()
          .map(r -> r.value()).collect(Collectors.toList()));
    }
  }

  private static ListOffsetsResultInfo offset(Admin admin, TopicPartition p, OffsetSpec spec) throws Exception {
    return admin.listOffsets(Map.of(p, spec)).partitionResult(p).get();
  }

  private static Config describe(Admin admin, ConfigResource resource) throws Exception {
    return admin.describeConfigs(List.of(resource)).all().get().get(resource);
  }

  /**
   * The configs once {@code name} reads {@code value} (or after 10 s, for the assertion to show):
   * Kafka's broker applies an altered config when the controller's record reaches it, a moment
   * after incrementalAlterConfigs returns.
   */
  private static Config describeOnce(Admin admin, ConfigResource resource, String name, String value)
      throws Exception {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    Config config = describe(admin, resource);
    while (!value.equals(config.get(name).value()) && System.nanoTime() < deadline) {
      Thread.onSpinWait();
      config = describe(admin, resource);
    }
    return config;
  }

  private static void assertCause(Class<? extends Throwable> expected, org.junit.jupiter.api.function.Executable call) {
    ExecutionException e = assertThrows(ExecutionException.class, call);
    assertInstanceOf(expected, e.getCause(), e.getCause().toString());
  }

  private static <T> T get(org.apache.kafka.common.KafkaFuture<T> future) {
    try {
      return future.get();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Waits for what a broker's metadata may show a moment after the controller decided it. */
  static void awaitTrue(BooleanSupplier condition, String message) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(message);
      }
      Thread.sleep(20);
    }
  }

}
