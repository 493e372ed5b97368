package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AccessControlEntryFilter;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.SecurityDisabledException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourcePatternFilter;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Kafka's AdminClient creates, describes and deletes ACLs on a fake with an authorizer. */
class AclsTest {
  private static final AclBinding ALICE_READS_ORDERS = acl(ResourceType.TOPIC, "orders", PatternType.LITERAL,
      "User:alice", AclOperation.READ, AclPermissionType.ALLOW);
  private static final AclBinding BOB_DENIED_ORDERS_PREFIX = acl(ResourceType.TOPIC, "orders-", PatternType.PREFIXED,
      "User:bob", AclOperation.WRITE, AclPermissionType.DENY);
  private static final AclBinding EVERYONE_DESCRIBES_TOPICS = acl(ResourceType.TOPIC, "*", PatternType.LITERAL,
      "User:*", AclOperation.DESCRIBE, AclPermissionType.ALLOW);
  private static final AclBinding ALICE_READS_GROUPS = acl(ResourceType.GROUP, "app-", PatternType.PREFIXED,
      "User:alice", AclOperation.READ, AclPermissionType.ALLOW);
  private static final AclBinding ALICE_ALTERS_CLUSTER = acl(ResourceType.CLUSTER, "kafka-cluster",
      PatternType.LITERAL, "User:alice", AclOperation.ALTER, AclPermissionType.ALLOW);
  private static final AclBinding ALICE_WRITES_TXN = acl(ResourceType.TRANSACTIONAL_ID, "tx", PatternType.LITERAL,
      "User:alice", AclOperation.WRITE, AclPermissionType.ALLOW);
  private static final AclBinding ALICE_TOKENS = acl(ResourceType.DELEGATION_TOKEN, "token-1", PatternType.LITERAL,
      "User:alice", AclOperation.DESCRIBE, AclPermissionType.ALLOW);
  private static final AclBinding ALICE_IMPERSONATES = acl(ResourceType.USER, "User:carol", PatternType.LITERAL,
      "User:alice", AclOperation.CREATE_TOKENS, AclPermissionType.ALLOW);
  private static final List<AclBinding> ALL = List.of(ALICE_READS_ORDERS, BOB_DENIED_ORDERS_PREFIX,
      EVERYONE_DESCRIBES_TOPICS, ALICE_READS_GROUPS, ALICE_ALTERS_CLUSTER, ALICE_WRITES_TXN, ALICE_TOKENS,
      ALICE_IMPERSONATES);

  private FakeCluster cluster;
  private Admin admin;

  @BeforeEach
  void start() throws Exception {
    cluster = FakeCluster.builder().authorizer("User:ANONYMOUS").start();
    admin = Admin.create(ClientConfigs.admin(cluster));
    admin.createAcls(ALL).all().get();
  }

  @AfterEach
  void stop() {
    admin.close();
    cluster.close();
  }

  private static AclBinding acl(ResourceType type, String name, PatternType pattern, String principal,
      AclOperation operation, AclPermissionType permission) {
    return new AclBinding(new ResourcePattern(type, name, pattern),
        new AccessControlEntry(principal, "*", operation, permission));
  }

  private Set<AclBinding> describe(AclBindingFilter filter) throws Exception {
    return new HashSet<>(admin.describeAcls(filter).values().get());
  }

  private static AclBindingFilter resources(ResourceType type, String name, PatternType pattern) {
    return new AclBindingFilter(new ResourcePatternFilter(type, name, pattern), AccessControlEntryFilter.ANY);
  }

  @Test
  void describesEveryAclOfEveryResourceType() throws Exception {
    assertEquals(Set.copyOf(ALL), describe(AclBindingFilter.ANY));
    // creating an ACL again changes nothing
    admin.createAcls(List.of(ALICE_READS_ORDERS)).all().get();
    assertEquals(ALL.size(), describe(AclBindingFilter.ANY).size());
  }

  @Test
  void matchFiltersFindTheLiteralTheWildcardAndThePrefixesThatApply() throws Exception {
    assertEquals(Set.of(BOB_DENIED_ORDERS_PREFIX, EVERYONE_DESCRIBES_TOPICS),
        describe(resources(ResourceType.TOPIC, "orders-eu", PatternType.MATCH)));
    assertEquals(Set.of(ALICE_READS_ORDERS, EVERYONE_DESCRIBES_TOPICS),
        describe(resources(ResourceType.TOPIC, "orders", PatternType.MATCH)));
    // ANY: patterns of exactly that name, whatever their type
    assertEquals(Set.of(BOB_DENIED_ORDERS_PREFIX), describe(resources(ResourceType.TOPIC, "orders-", PatternType.ANY)));
    assertEquals(Set.of(), describe(resources(ResourceType.TOPIC, "orders-", PatternType.LITERAL)));
    assertEquals(Set.of(ALICE_READS_GROUPS), describe(resources(ResourceType.GROUP, null, PatternType.ANY)));
    assertEquals(Set.of(ALICE_READS_ORDERS, ALICE_READS_GROUPS), describe(new AclBindingFilter(
        ResourcePatternFilter.ANY, new AccessControlEntryFilter("User:alice", null, AclOperation.READ,
            AclPermissionType.ANY))));
    assertEquals(Set.of(BOB_DENIED_ORDERS_PREFIX), describe(new AclBindingFilter(
        ResourcePatternFilter.ANY, new AccessControlEntryFilter(null, "*", AclOperation.ANY,
            AclPermissionType.DENY))));
  }

  @Test
  void deletesWhatEachFilterMatches() throws Exception {
    Collection<AclBinding> deleted = admin.deleteAcls(List.of(resources(ResourceType.TOPIC, "orders-x",
        PatternType.MATCH))).all().get();
    assertEquals(Set.of(BOB_DENIED_ORDERS_PREFIX, EVERYONE_DESCRIBES_TOPICS), new HashSet<>(deleted));
    assertEquals(Set.of(ALICE_READS_ORDERS), describe(resources(ResourceType.TOPIC, null, PatternType.ANY)));
    assertEquals(List.of(), List.copyOf(admin.deleteAcls(List.of(resources(ResourceType.TOPIC, "nothing",
        PatternType.LITERAL))).all().get()));
  }

  @Test
  void refusesAClusterResourceOfAnotherNameAndAnEmptyName() {
    ExecutionException e = assertThrows(ExecutionException.class, () -> admin.createAcls(List.of(
        acl(ResourceType.CLUSTER, "other", PatternType.LITERAL, "User:a", AclOperation.ALTER,
            AclPermissionType.ALLOW))).all().get());
    assertInstanceOf(InvalidRequestException.class, e.getCause());
    assertEquals("The only valid name for the CLUSTER resource is kafka-cluster", e.getCause().getMessage());
    e = assertThrows(ExecutionException.class, () -> admin.createAcls(List.of(
        acl(ResourceType.TOPIC, "", PatternType.LITERAL, "User:a", AclOperation.READ,
            AclPermissionType.ALLOW))).all().get());
    assertEquals("Invalid empty resource name", e.getCause().getMessage());
  }

  @Test
  void withoutAnAuthorizerTheAclApisAreDisabled() throws Exception {
    try (FakeCluster open = FakeCluster.start(); Admin client = Admin.create(ClientConfigs.admin(open))) {
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> client.createAcls(List.of(ALICE_READS_ORDERS)).all().get());
      assertInstanceOf(SecurityDisabledException.class, e.getCause());
      assertEquals("No Authorizer is configured.", e.getCause().getMessage());
      e = assertThrows(ExecutionException.class, () -> client.describeAcls(AclBindingFilter.ANY).values().get());
      assertInstanceOf(SecurityDisabledException.class, e.getCause());
      e = assertThrows(ExecutionException.class, () -> client.deleteAcls(List.of(AclBindingFilter.ANY)).all().get());
      assertInstanceOf(SecurityDisabledException.class, e.getCause());
    }
  }
}
