package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.kwire.fake.FakeCluster;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ACLs enforced on SASL/PLAIN principals as Kafka's StandardAuthorizer enforces them: kafka-clients
 * 4.4.0 producers, consumers and AdminClients of users with and without the ACLs they need.
 */
class AuthorizationTest {
  private static final SaslUserStore USERS = SaslUserStore.builder().plainUser("admin", "admin-secret")
      .plainUser("alice", "alice-secret").plainUser("bob", "bob-secret").build();

  private static FakeCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = FakeCluster.builder().sasl(SaslServerOptions.of(USERS, "PLAIN")).authorizer("User:admin")
        .topic("orders", 2, 1).topic("secret", 1, 1).start();
    try (Admin admin = Admin.create(as("admin", ClientConfigs.admin(cluster)))) {
      admin.createAcls(List.of(
          allow("User:alice", ResourceType.TOPIC, "orders", PatternType.LITERAL, AclOperation.WRITE),
          allow("User:alice", ResourceType.TOPIC, "ord", PatternType.PREFIXED, AclOperation.READ),
          allow("User:alice", ResourceType.GROUP, "app-", PatternType.PREFIXED, AclOperation.READ),
          allow("User:alice", ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.DESCRIBE),
          allow("User:bob", ResourceType.TOPIC, "orders", PatternType.LITERAL, AclOperation.READ),
          allow("User:*", ResourceType.TOPIC, "*", PatternType.LITERAL, AclOperation.DESCRIBE_CONFIGS),
          new AclBinding(new ResourcePattern(ResourceType.TOPIC, "orders", PatternType.LITERAL),
              new AccessControlEntry("User:alice", "*", AclOperation.DELETE, AclPermissionType.DENY)))).all().get();
    }
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static AclBinding allow(String principal, ResourceType type, String name, PatternType pattern,
      AclOperation operation) {
    return new AclBinding(new ResourcePattern(type, name, pattern),
        new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW));
  }

  private static Properties as(String user, Properties p) {
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    p.put(SaslConfigs.SASL_MECHANISM, "PLAIN");
    p.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + user + "\" password=\"" + user + "-secret\";");
    return p;
  }

  /**
   * Why the user's first send failed: in its future, or thrown by send itself when the producer
   * was refused its producer id before the send was made (a race the client decides), with the
   * refusal as the cause.
   */
  private static Throwable sendFails(String user, Properties producer) {
    try (KafkaProducer<String, String> p = new KafkaProducer<>(as(user, producer))) {
      p.send(new ProducerRecord<>("orders", "k", "v")).get();
      return fail("the send was taken");
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (org.apache.kafka.common.KafkaException e) {
      assertNotNull(e.getCause(), e.toString());
      return e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return fail(e);
    }
  }

  @Test
  void aProducerWithoutWriteGetsTopicAuthorizationFailed() throws Exception {
    Throwable denied = sendFails("bob", ClientConfigs.producer(cluster));
    assertInstanceOf(TopicAuthorizationException.class, denied);
    assertEquals(Set.of("orders"), ((TopicAuthorizationException) denied).unauthorizedTopics());
    try (KafkaProducer<String, String> p = new KafkaProducer<>(as("alice", ClientConfigs.producer(cluster)))) {
      p.send(new ProducerRecord<>("orders", 0, "k", "allowed")).get();
    }
    assertEquals("allowed", java.nio.charset.StandardCharsets.UTF_8.decode(cluster.records("orders", 0).get(0).value()).toString());
  }

  @Test
  void anIdempotentProducerWithoutWriteAnywhereIsRefusedItsProducerId() {
    Properties producer = ClientConfigs.producer(cluster);
    producer.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    assertInstanceOf(ClusterAuthorizationException.class, sendFails("bob", producer));
  }

  @Test
  void aTransactionalIdWithoutWriteIsRefused() {
    Properties producer = ClientConfigs.producer(cluster);
    producer.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    producer.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "not-alices");
    try (KafkaProducer<String, String> p = new KafkaProducer<>(as("alice", producer))) {
      assertThrows(TransactionalIdAuthorizationException.class, p::initTransactions);
    }
  }

  @Test
  void aConsumerWithoutGroupReadGetsGroupAuthorizationFailed() {
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(as("bob", ClientConfigs.consumer(cluster, "app-1")))) {
      c.subscribe(List.of("orders"));
      GroupAuthorizationException e = assertThrows(GroupAuthorizationException.class,
          () -> c.poll(Duration.ofSeconds(5)));
      assertEquals("app-1", e.groupId());
    }
  }

  @Test
  void aConsumerWithTopicAndGroupReadConsumesAndCommits() throws Exception {
    try (KafkaProducer<String, String> p = new KafkaProducer<>(as("alice", ClientConfigs.producer(cluster)))) {
      p.send(new ProducerRecord<>("orders", 1, "k", "for-alice")).get();
    }
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(as("alice", ClientConfigs.consumer(cluster, "app-2")))) {
      c.subscribe(List.of("orders"));
      List<String> values = new ArrayList<>();
      long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
      while (!values.contains("for-alice") && System.nanoTime() < deadline) {
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
          values.add(r.value());
        }
      }
      assertTrue(values.contains("for-alice"), "consumed " + values);
      c.commitSync();
    }
  }

  @Test
  void metadataHidesTheTopicsAPrincipalMayNotDescribe() throws Exception {
    try (Admin alice = Admin.create(as("alice", ClientConfigs.admin(cluster)));
        Admin bob = Admin.create(as("bob", ClientConfigs.admin(cluster)))) {
      assertEquals(Set.of("orders"), alice.listTopics().names().get());
      assertEquals(Set.of("orders"), bob.listTopics().names().get());
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> bob.describeTopics(List.of("secret")).allTopicNames().get());
      assertInstanceOf(TopicAuthorizationException.class, e.getCause());
      TopicDescription orders = alice.describeTopics(List.of("orders"),
          new DescribeTopicsOptions().includeAuthorizedOperations(true)).allTopicNames().get().get("orders");
      // WRITE and READ (DESCRIBE implied), DESCRIBE_CONFIGS for everyone; DELETE denied
      assertEquals(Set.of(AclOperation.WRITE, AclOperation.READ, AclOperation.DESCRIBE, AclOperation.DESCRIBE_CONFIGS),
          orders.authorizedOperations());
      assertEquals(Set.of(AclOperation.DESCRIBE),
          alice.describeCluster(new DescribeClusterOptions().includeAuthorizedOperations(true))
              .authorizedOperations().get());
    }
  }

  @Test
  void creatingATopicNeedsCreate() {
    try (Admin bob = Admin.create(as("bob", ClientConfigs.admin(cluster)))) {
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> bob.createTopics(List.of(new NewTopic("bobs", 1, (short) 1))).all().get());
      assertInstanceOf(TopicAuthorizationException.class, e.getCause());
      e = assertThrows(ExecutionException.class, () -> bob.createAcls(List.of(allow("User:bob", ResourceType.TOPIC,
          "bobs", PatternType.LITERAL, AclOperation.ALL))).all().get());
      assertInstanceOf(ClusterAuthorizationException.class, e.getCause());
    }
  }
}
