package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.FakeBroker;
import io.kwire.fake.FakeCluster;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.CreateTopicsOptions;
import org.apache.kafka.clients.admin.CreateTopicsResult;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Kafka's AdminClient against a three-broker fake: topics created, described, grown, deleted, and refused. */
class AdminClientTest {
  private static FakeCluster cluster;
  private static Admin admin;

  @BeforeAll
  static void start() {
    cluster = FakeCluster.builder().brokers(3).start();
    admin = Admin.create(ClientConfigs.admin(cluster));
  }

  @AfterAll
  static void stop() {
    admin.close();
    cluster.close();
  }

  @Test
  void describesTheClusterItsBrokersAndController() throws Exception {
    DescribeClusterResult described = admin.describeCluster();
    assertEquals(cluster.clusterId(), described.clusterId().get());
    assertEquals(cluster.controllerId(), described.controller().get().id());
    Set<String> nodes = described.nodes().get().stream().map(n -> n.id() + "@" + n.host() + ":" + n.port())
        .collect(Collectors.toSet());
    Set<String> expected = cluster.brokers().stream().map(b -> b.nodeId() + "@" + b.address())
        .collect(Collectors.toSet());
    assertEquals(expected, nodes);
  }

  @Test
  void createsDescribesGrowsAndDeletesATopic() throws Exception {
    CreateTopicsResult created = admin.createTopics(List.of(new NewTopic("admin-orders", 4, (short) 3)
        .configs(Map.of("message.timestamp.type", "LogAppendTime"))));
    created.all().get();
    assertEquals(4, created.numPartitions("admin-orders").get());
    assertEquals(3, created.replicationFactor("admin-orders").get());
    assertEquals("LogAppendTime", created.config("admin-orders").get().get("message.timestamp.type").value());

    TopicDescription d = admin.describeTopics(List.of("admin-orders")).allTopicNames().get().get("admin-orders");
    assertEquals(created.topicId("admin-orders").get(), d.topicId());
    assertEquals(4, d.partitions().size());
    Set<Integer> leaders = d.partitions().stream().map(p -> p.leader().id()).collect(Collectors.toSet());
    assertEquals(Set.of(0, 1, 2), leaders, "leaders rotate over the brokers");
    for (TopicPartitionInfo p : d.partitions()) {
      assertEquals(3, p.replicas().size());
      assertEquals(p.replicas(), p.isr());
      assertEquals(p.leader(), p.replicas().get(0));
    }

    admin.createPartitions(Map.of("admin-orders", NewPartitions.increaseTo(6))).all().get();
    assertEquals(6, admin.describeTopics(List.of("admin-orders")).allTopicNames().get().get("admin-orders")
        .partitions().size());
    ExecutionException shrink = assertThrows(ExecutionException.class,
        () -> admin.createPartitions(Map.of("admin-orders", NewPartitions.increaseTo(2))).all().get());
    assertInstanceOf(InvalidPartitionsException.class, shrink.getCause());

    admin.deleteTopics(List.of("admin-orders")).all().get();
    assertTrue(!admin.listTopics().names().get().contains("admin-orders"));
    ExecutionException gone = assertThrows(ExecutionException.class,
        () -> admin.describeTopics(List.of("admin-orders")).allTopicNames().get());
    assertInstanceOf(UnknownTopicOrPartitionException.class, gone.getCause());
  }

  @Test
  void refusesWhatKafkaRefuses() throws Exception {
    admin.createTopics(List.of(new NewTopic("admin-taken", 1, (short) 1))).all().get();
    assertCause(TopicExistsException.class, new NewTopic("admin-taken", 1, (short) 1));
    assertCause(InvalidTopicException.class, new NewTopic("bad name!", 1, (short) 1));
    assertCause(InvalidTopicException.class, new NewTopic("..", 1, (short) 1));
    assertCause(InvalidTopicException.class, new NewTopic("x".repeat(250), 1, (short) 1));
    assertCause(InvalidReplicationFactorException.class, new NewTopic("admin-rf", 1, (short) 4));
    assertCause(InvalidPartitionsException.class, new NewTopic("admin-parts", 0, (short) 1));
    ExecutionException unknown = assertThrows(ExecutionException.class,
        () -> admin.deleteTopics(List.of("admin-never")).all().get());
    assertInstanceOf(UnknownTopicOrPartitionException.class, unknown.getCause());
  }

  @Test
  void validateOnlyCreatesNothing() throws Exception {
    admin.createTopics(List.of(new NewTopic("admin-dry", 2, (short) 2)),
        new CreateTopicsOptions().validateOnly(true)).all().get();
    assertTrue(!admin.listTopics().names().get().contains("admin-dry"));
  }

  @Test
  void brokersAreWhereTheClusterSays() {
    List<FakeBroker> brokers = cluster.brokers();
    assertEquals(List.of(0, 1, 2), brokers.stream().map(FakeBroker::nodeId).toList());
    assertEquals(3, brokers.stream().map(FakeBroker::port).distinct().count());
    assertTrue(brokers.stream().allMatch(b -> b.port() > 0 && b.host().equals("127.0.0.1")));
    Node unused = Node.noNode();
    assertEquals(-1, unused.id());
  }

  @Test
  void describesAndAltersTopicConfigs() throws Exception {
    admin.createTopics(List.of(new NewTopic("admin-configs", 1, (short) 1)
        .configs(Map.of("retention.ms", "1000")))).all().get();
    ConfigResource resource = new ConfigResource(
        ConfigResource.Type.TOPIC, "admin-configs");
    Config config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
    assertEquals("1000", config.get("retention.ms").value());
    assertEquals(ConfigEntry.ConfigSource.DYNAMIC_TOPIC_CONFIG,
        config.get("retention.ms").source());
    assertEquals("CreateTime", config.get("message.timestamp.type").value());
    assertEquals(ConfigEntry.ConfigSource.DEFAULT_CONFIG,
        config.get("message.timestamp.type").source());

    admin.incrementalAlterConfigs(Map.of(resource, List.of(
        new AlterConfigOp(
            new ConfigEntry("message.timestamp.type", "LogAppendTime"),
            AlterConfigOp.OpType.SET),
        new AlterConfigOp(
            new ConfigEntry("retention.ms", null),
            AlterConfigOp.OpType.DELETE)))).all().get();
    config = admin.describeConfigs(List.of(resource)).all().get().get(resource);
    assertEquals("LogAppendTime", config.get("message.timestamp.type").value());
    assertEquals("604800000", config.get("retention.ms").value(), "back to the default");

    ExecutionException bad = assertThrows(ExecutionException.class, () -> admin.incrementalAlterConfigs(Map.of(
        resource, List.of(new AlterConfigOp(
            new ConfigEntry("no.such.config", "1"),
            AlterConfigOp.OpType.SET)))).all().get());
    assertInstanceOf(InvalidConfigurationException.class, bad.getCause());

    // APPEND and SUBTRACT: on a list configuration only, its default the starting value
    admin.incrementalAlterConfigs(Map.of(resource, List.of(new AlterConfigOp(
        new ConfigEntry("cleanup.policy", "compact,delete"), AlterConfigOp.OpType.APPEND)))).all().get();
    assertEquals("delete,compact", admin.describeConfigs(List.of(resource)).all().get().get(resource)
        .get("cleanup.policy").value());
    admin.incrementalAlterConfigs(Map.of(resource, List.of(new AlterConfigOp(
        new ConfigEntry("cleanup.policy", "delete"), AlterConfigOp.OpType.SUBTRACT)))).all().get();
    assertEquals("compact", admin.describeConfigs(List.of(resource)).all().get().get(resource)
        .get("cleanup.policy").value());
    ExecutionException notAList = assertThrows(ExecutionException.class, () -> admin.incrementalAlterConfigs(Map.of(
        resource, List.of(new AlterConfigOp(new ConfigEntry("retention.ms", "5"), AlterConfigOp.OpType.APPEND))))
        .all().get());
    assertInstanceOf(InvalidRequestException.class, notAList.getCause());
    assertEquals("Config value append is not allowed for config key: retention.ms", notAList.getCause().getMessage());

    ConfigResource broker = new ConfigResource(
        ConfigResource.Type.BROKER, "1");
    assertEquals("true", admin.describeConfigs(List.of(broker)).all().get().get(broker)
        .get("auto.create.topics.enable").value());
  }

  private static void assertCause(Class<? extends Throwable> expected, NewTopic topic) {
    ExecutionException e = assertThrows(ExecutionException.class, () -> admin.createTopics(List.of(topic)).all().get());
    assertInstanceOf(expected, e.getCause(), e.getCause().toString());
  }
}
