package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.e2e.AuthorizingKafka;
import io.kwire.fake.FakeCluster;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.ClusterAuthorizationException;
import org.apache.kafka.common.errors.GroupAuthorizationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.TransactionalIdAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ACL enforcement, the same assertions against a Kafka 4.4.0 broker with StandardAuthorizer
 * ({@link AuthorizingKafka}) and a fake with {@code authorizer("User:admin")}: SASL/PLAIN users
 * alice and bob with and without the ACLs their producers, consumers and AdminClients need.
 */
class AuthorizationScenariosTest {
  private static AuthorizingKafka kafka;
  private static FakeCluster fake;

  static synchronized Stream<Target> targets() {
    return Stream.of(new Target("kafka-4.4.0-authorizer", false, AuthorizationScenariosTest::kafka),
        new Target("fake-authorizer", true, AuthorizationScenariosTest::fake));
  }

  private static synchronized String kafka() {
    if (kafka == null) {
      try {
        kafka = new AuthorizingKafka();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return kafka.bootstrapServers();
  }

  private static synchronized String fake() {
    if (fake == null) {
      SaslUserStore users = SaslUserStore.builder().plainUser("admin", "admin-secret")
          .plainUser("alice", "alice-secret").plainUser("bob", "bob-secret").build();
      fake = FakeCluster.builder().sasl(SaslServerOptions.of(users, "PLAIN")).authorizer("User:admin").start();
    }
    return fake.bootstrapServers();
  }

  @AfterAll
  static synchronized void stop() {
    if (kafka != null) {
      kafka.close();
    }
    if (fake != null) {
      fake.close();
    }
  }

  private static Properties as(String user, Properties p) {
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    p.put(SaslConfigs.SASL_MECHANISM, "PLAIN");
    p.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + user + "\" password=\"" + user + "-secret\";");
    return p;
  }

  private static Admin admin(Target target, String user) {
    Properties p = new Properties();
    p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, target.bootstrapServers());
    p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
    p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 20_000);
    p.put(AdminClientConfig.ENABLE_METRICS_PUSH_CONFIG, false);
    return Admin.create(as(user, p));
  }

  private static AclBinding acl(String principal, ResourceType type, String name, PatternType pattern,
      AclOperation operation, AclPermissionType permission) {
    return new AclBinding(new ResourcePattern(type, name, pattern),
        new AccessControlEntry(principal, "*", operation, permission));
  }

  private static final List<AclBinding> ACLS = List.of(
      acl("User:alice", ResourceType.TOPIC, "authz-orders", PatternType.LITERAL, AclOperation.WRITE,
          AclPermissionType.ALLOW),
      acl("User:alice", ResourceType.TOPIC, "authz-", PatternType.PREFIXED, AclOperation.READ, AclPermissionType.ALLOW),
      acl("User:alice", ResourceType.GROUP, "app-", PatternType.PREFIXED, AclOperation.READ, AclPermissionType.ALLOW),
      acl("User:alice", ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL, AclOperation.DESCRIBE,
          AclPermissionType.ALLOW),
      acl("User:bob", ResourceType.TOPIC, "authz-orders", PatternType.LITERAL, AclOperation.READ,
          AclPermissionType.ALLOW),
      acl("User:*", ResourceType.TOPIC, "*", PatternType.LITERAL, AclOperation.DESCRIBE_CONFIGS,
          AclPermissionType.ALLOW),
      acl("User:alice", ResourceType.TOPIC, "authz-orders", PatternType.LITERAL, AclOperation.DELETE,
          AclPermissionType.DENY));

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void enforcesAclsAsKafkaDoes(Target target) throws Exception {
    try (Admin admin = admin(target, "admin")) {
      admin.createTopics(List.of(new NewTopic("authz-orders", 1, (short) 1), new NewTopic("authz-secret", 1, (short) 1)))
          .all().get();
      admin.createAcls(ACLS).all().get();
      // the broker's authorizer has them once its metadata caught up with the controller
      AdminScenariosTest.awaitTrue(() -> acls(admin, AclBindingFilter.ANY).size() == ACLS.size(), "ACLs in force");
      assertEquals(Set.of(ACLS.get(0), ACLS.get(1), ACLS.get(4), ACLS.get(5), ACLS.get(6)),
          acls(admin, new AclBindingFilter(new ResourcePatternFilter(ResourceType.TOPIC, "authz-orders",
              PatternType.MATCH), AccessControlEntryFilter.ANY)));

      Properties producer = Clients.producer(target);
      producer.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
      Throwable denied = sendFails("bob", producer);
      assertInstanceOf(TopicAuthorizationException.class, denied);
      assertEquals(Set.of("authz-orders"), ((TopicAuthorizationException) denied).unauthorizedTopics());
      try (KafkaProducer<String, String> p = new KafkaProducer<>(as("alice", Clients.producer(target)))) {
        p.send(new ProducerRecord<>("authz-orders", "k", "v")).get(); // idempotent: WRITE on a topic suffices
      }
      Properties idempotent = Clients.producer(target);
      idempotent.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
      assertInstanceOf(ClusterAuthorizationException.class, sendFails("bob", idempotent));
      Properties transactional = Clients.producer(target);
      transactional.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "not-alices");
      try (KafkaProducer<String, String> p = new KafkaProducer<>(as("alice", transactional))) {
        assertThrows(TransactionalIdAuthorizationException.class, p::initTransactions);
      }

      try (KafkaConsumer<String, String> c = new KafkaConsumer<>(as("bob",
          Clients.consumer(target, "app-1", "classic", "read_uncommitted")))) {
        c.subscribe(List.of("authz-orders"));
        GroupAuthorizationException e = assertThrows(GroupAuthorizationException.class,
            () -> c.poll(Duration.ofSeconds(10)));
        assertEquals("app-1", e.groupId());
      }

      try (Admin alice = admin(target, "alice"); Admin bob = admin(target, "bob")) {
        assertEquals(Set.of("authz-orders", "authz-secret"), alice.listTopics().names().get());
        assertEquals(Set.of("authz-orders"), bob.listTopics().names().get());
        assertInstanceOf(TopicAuthorizationException.class, assertThrows(ExecutionException.class,
            () -> bob.describeTopics(List.of("authz-secret")).allTopicNames().get()).getCause());
        assertEquals(Set.of(AclOperation.WRITE, AclOperation.READ, AclOperation.DESCRIBE,
            AclOperation.DESCRIBE_CONFIGS), alice.describeTopics(List.of("authz-orders"),
            new DescribeTopicsOptions().includeAuthorizedOperations(true)).allTopicNames().get().get("authz-orders")
            .authorizedOperations());
        assertEquals(Set.of(AclOperation.DESCRIBE), alice.describeCluster(
            new DescribeClusterOptions().includeAuthorizedOperations(true)).authorizedOperations().get());
        assertInstanceOf(TopicAuthorizationException.class, assertThrows(ExecutionException.class,
            () -> bob.createTopics(List.of(new NewTopic("bobs", 1, (short) 1))).all().get()).getCause());
        assertInstanceOf(ClusterAuthorizationException.class, assertThrows(ExecutionException.class,
            () -> bob.createAcls(List.of(ACLS.get(4))).all().get()).getCause());
        // configs: DESCRIBE_CONFIGS for everyone on topics, nothing on the broker, no ALTER_CONFIGS
        ConfigResource orders = new ConfigResource(ConfigResource.Type.TOPIC, "authz-orders");
        assertEquals("1", bob.describeConfigs(List.of(orders)).all().get().get(orders)
            .get("min.insync.replicas").value());
        ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER,
            bob.describeCluster().nodes().get().iterator().next().idString());
        assertInstanceOf(ClusterAuthorizationException.class, assertThrows(ExecutionException.class,
            () -> bob.describeConfigs(List.of(broker)).all().get()).getCause());
        assertInstanceOf(TopicAuthorizationException.class, assertThrows(ExecutionException.class,
            () -> alice.incrementalAlterConfigs(Map.of(orders, List.of(new AlterConfigOp(
                new ConfigEntry("retention.ms", "1000"), AlterConfigOp.OpType.SET)))).all().get()).getCause());
        assertInstanceOf(TopicAuthorizationException.class, assertThrows(ExecutionException.class,
            () -> alice.createPartitions(Map.of("authz-orders", NewPartitions.increaseTo(2))).all().get()).getCause());
      }

      Throwable e = assertThrows(ExecutionException.class, () -> admin.createAcls(List.of(acl("User:a",
          ResourceType.CLUSTER, "other", PatternType.LITERAL, AclOperation.ALTER, AclPermissionType.ALLOW)))
          .all().get()).getCause();
      assertInstanceOf(InvalidRequestException.class, e);
      assertEquals("The only valid name for the CLUSTER resource is kafka-cluster", e.getMessage());
      e = assertThrows(ExecutionException.class, () -> admin.createAcls(List.of(acl("User:a", ResourceType.TOPIC, "",
          PatternType.LITERAL, AclOperation.READ, AclPermissionType.ALLOW))).all().get()).getCause();
      assertInstanceOf(InvalidRequestException.class, e);
      assertEquals("Invalid empty resource name", e.getMessage());
      e = assertThrows(ExecutionException.class, () -> admin.createAcls(List.of(acl("alice", ResourceType.TOPIC, "t",
          PatternType.LITERAL, AclOperation.READ, AclPermissionType.ALLOW))).all().get()).getCause();
      assertInstanceOf(InvalidRequestException.class, e);
      assertEquals("Could not parse principal from `alice` (no colon is present separating the principal type from "
          + "the principal name)", e.getMessage());

      AclBindingFilter bobs = new AclBindingFilter(ResourcePatternFilter.ANY,
          new AccessControlEntryFilter("User:bob", null, AclOperation.ANY, AclPermissionType.ANY));
      assertEquals(List.of(ACLS.get(4)), List.copyOf(admin.deleteAcls(List.of(bobs)).all().get()));
    }
  }

  /**
   * Why the user's first send failed: in its future, or thrown by send itself when the producer
   * was refused its producer id before the send was made (a race the client decides), with the
   * refusal as the cause.
   */
  private static Throwable sendFails(String user, Properties producer) {
    try (KafkaProducer<String, String> p = new KafkaProducer<>(as(user, producer))) {
      p.send(new ProducerRecord<>("authz-orders", "k", "v")).get();
      throw new AssertionError("the send was taken");
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (org.apache.kafka.common.KafkaException e) {
      if (e.getCause() == null) {
        throw e;
      }
      return e.getCause();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  private static Set<AclBinding> acls(Admin admin, AclBindingFilter filter) {
    try {
      return new HashSet<>(admin.describeAcls(filter).values().get());
    } catch (InterruptedException | ExecutionException e) {
      throw new IllegalStateException(e);
    }
  }
}
