package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterClientQuotasOptions;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialDeletion;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclBindingFilter;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.DuplicateResourceException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.ResourceNotFoundException;
import org.apache.kafka.common.errors.SecurityDisabledException;
import org.apache.kafka.common.errors.UnacceptableCredentialException;
import org.apache.kafka.common.quota.ClientQuotaAlteration;
import org.apache.kafka.common.quota.ClientQuotaEntity;
import org.apache.kafka.common.quota.ClientQuotaFilter;
import org.apache.kafka.common.quota.ClientQuotaFilterComponent;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The security APIs with kafka-clients 4.4.0's AdminClient, the same assertions against the real
 * broker and the fake: ACLs where no authorizer is configured (the shared broker has none),
 * SCRAM credentials and client quotas with Kafka's refusals, messages and all.
 */
class SecurityScenariosTest {
  @RegisterExtension
  static final Targets TARGETS = new Targets();

  static Stream<Target> targets() {
    return TARGETS.both();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void aclsWithoutAnAuthorizerAreSecurityDisabled(Target target) {
    try (Admin admin = Clients.admin(target)) {
      AclBinding acl = new AclBinding(new ResourcePattern(ResourceType.TOPIC, "t", PatternType.LITERAL),
          new AccessControlEntry("User:a", "*", AclOperation.READ, AclPermissionType.ALLOW));
      Throwable e = cause(admin.createAcls(List.of(acl)).all());
      assertInstanceOf(SecurityDisabledException.class, e);
      assertEquals("No Authorizer is configured.", e.getMessage());
      e = cause(admin.describeAcls(AclBindingFilter.ANY).values());
      assertInstanceOf(SecurityDisabledException.class, e);
      assertEquals("No Authorizer is configured on the broker", e.getMessage());
      e = cause(admin.deleteAcls(List.of(AclBindingFilter.ANY)).all());
      assertInstanceOf(SecurityDisabledException.class, e);
      assertEquals("No Authorizer is configured.", e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void scramCredentialsAreSetDescribedRefusedAndDeleted(Target target) throws Exception {
    String user = "scram-" + target;
    try (Admin admin = Clients.admin(target)) {
      admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(new UserScramCredentialUpsertion(user,
          new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 8192), "secret"))).all().get();
      admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(new UserScramCredentialUpsertion(user,
          new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096), "secret"))).all().get();
      AdminScenariosTest.awaitTrue(() -> credentials(admin, user).size() == 2, "both credentials set");
      // in no particular order from the broker
      assertEquals(Set.of(new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 8192),
          new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096)),
          Set.copyOf(admin.describeUserScramCredentials(List.of(user)).description(user).get().credentialInfos()));

      Map<String, KafkaFuture<Void>> results = admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(
          new UserScramCredentialUpsertion("few-" + target, new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, 4095),
              "pw"),
          new UserScramCredentialUpsertion("many-" + target,
              new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 16385), "pw"),
          new UserScramCredentialDeletion("nobody-" + target, ScramMechanism.SCRAM_SHA_256),
          new UserScramCredentialDeletion(user, ScramMechanism.SCRAM_SHA_256),
          new UserScramCredentialDeletion(user, ScramMechanism.SCRAM_SHA_512))).values();
      Throwable e = cause(results.get("few-" + target));
      assertInstanceOf(UnacceptableCredentialException.class, e);
      assertEquals("Too few iterations", e.getMessage());
      e = cause(results.get("many-" + target));
      assertInstanceOf(UnacceptableCredentialException.class, e);
      assertEquals("Too many iterations", e.getMessage());
      e = cause(results.get("nobody-" + target));
      assertInstanceOf(ResourceNotFoundException.class, e);
      assertEquals("Attempt to delete a user credential that does not exist", e.getMessage());
      e = cause(results.get(user));
      assertInstanceOf(DuplicateResourceException.class, e);
      assertEquals("A user credential cannot be altered twice in the same request", e.getMessage());

      e = cause(admin.describeUserScramCredentials(List.of(user, user)).description(user));
      assertInstanceOf(DuplicateResourceException.class, e);
      assertEquals("Cannot describe SCRAM credentials for the same user twice in a single request: " + user,
          e.getMessage());

      admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(
          new UserScramCredentialDeletion(user, ScramMechanism.SCRAM_SHA_256))).all().get();
      AdminScenariosTest.awaitTrue(() -> List.of(new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096))
          .equals(credentials(admin, user)), "one credential deleted");
      admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(
          new UserScramCredentialDeletion(user, ScramMechanism.SCRAM_SHA_512))).all().get();
      AdminScenariosTest.awaitTrue(() -> credentials(admin, user).isEmpty(), "both credentials deleted");
      e = cause(admin.describeUserScramCredentials(List.of(user)).description(user));
      assertInstanceOf(ResourceNotFoundException.class, e);
      assertEquals("Attempt to describe a user credential that does not exist: " + user, e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void clientQuotasAreSetDescribedAndRefused(Target target) throws Exception {
    String user = "quota-" + target;
    ClientQuotaEntity alice = entity("user", user);
    ClientQuotaEntity aliceApp = entity("user", user, "client-id", "app");
    try (Admin admin = Clients.admin(target)) {
      admin.alterClientQuotas(List.of(
          new ClientQuotaAlteration(alice, List.of(new ClientQuotaAlteration.Op("producer_byte_rate", 1024.0),
              new ClientQuotaAlteration.Op("consumer_byte_rate", 2048.0))),
          new ClientQuotaAlteration(aliceApp, List.of(new ClientQuotaAlteration.Op("request_percentage", 50.5)))))
          .all().get();
      ClientQuotaFilterComponent byUser = ClientQuotaFilterComponent.ofEntity("user", user);
      Map<ClientQuotaEntity, Map<String, Double>> both = Map.of(
          alice, Map.of("producer_byte_rate", 1024.0, "consumer_byte_rate", 2048.0),
          aliceApp, Map.of("request_percentage", 50.5));
      // the broker's metadata catches up with its controller a moment after the alteration
      AdminScenariosTest.awaitTrue(() -> both.equals(quotas(admin, ClientQuotaFilter.contains(List.of(byUser)))),
          "the quotas set are described");
      assertEquals(Map.of(alice, Map.of("producer_byte_rate", 1024.0, "consumer_byte_rate", 2048.0)),
          admin.describeClientQuotas(ClientQuotaFilter.containsOnly(List.of(byUser))).entities().get());
      assertEquals(Map.of(aliceApp, Map.of("request_percentage", 50.5)),
          admin.describeClientQuotas(ClientQuotaFilter.containsOnly(List.of(byUser,
              ClientQuotaFilterComponent.ofEntityType("client-id")))).entities().get());

      admin.alterClientQuotas(List.of(new ClientQuotaAlteration(alice,
          List.of(new ClientQuotaAlteration.Op("consumer_byte_rate", 1.0)))),
          new AlterClientQuotasOptions().validateOnly(true)).all().get();
      admin.alterClientQuotas(List.of(new ClientQuotaAlteration(alice,
          List.of(new ClientQuotaAlteration.Op("producer_byte_rate", null))),
          new ClientQuotaAlteration(aliceApp, List.of(new ClientQuotaAlteration.Op("request_percentage", null)))))
          .all().get();
      AdminScenariosTest.awaitTrue(() -> Map.of(alice, Map.of("consumer_byte_rate", 2048.0))
          .equals(quotas(admin, ClientQuotaFilter.contains(List.of(byUser)))), "the quotas removed are gone");

      assertRefused(admin, entity("ip", "10.1.2.3"), "producer_byte_rate", 1.0,
          "Invalid configuration key producer_byte_rate");
      assertRefused(admin, alice, "bogus", 1.0, "Invalid configuration key bogus");
      assertRefused(admin, entity("user", user, "ip", "10.1.2.3"), "producer_byte_rate", 1.0,
          "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId");
      assertRefused(admin, entity("tenant", "t"), "request_percentage", 1.0,
          "Unhandled client quota entity type: tenant");
      assertRefused(admin, alice, "producer_byte_rate", 1.5, "producer_byte_rate cannot be a fractional value.");
      assertRefused(admin, alice, "producer_byte_rate", -1.0, "Quota producer_byte_rate must be greater than 0");
      assertRefused(admin, alice, "request_percentage", 0.0, "Quota request_percentage must be greater than 0");
      assertRefused(admin, entity("ip", "not an ip"), "connection_creation_rate", 1.0, "not an ip is not a valid IP or resolvable host.");
      assertRefused(admin, entity("user", ""), "request_percentage", 1.0, "Empty user not supported");
      Throwable e = cause(admin.describeClientQuotas(ClientQuotaFilter.contains(List.of(
          ClientQuotaFilterComponent.ofEntity("ip", "10.1.2.3"), byUser))).entities());
      assertInstanceOf(InvalidRequestException.class, e);
      assertEquals("Invalid entity filter component combination. IP filter component should not be used with user "
          + "or clientId filter component.", e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("targets")
  void aProducerOverItsByteRateIsThrottledAsKafkaComputesIt(Target target) throws Exception {
    String clientId = "throttled-" + target;
    double quota = 100;
    try (Admin admin = Clients.admin(target)) {
      admin.alterClientQuotas(List.of(new ClientQuotaAlteration(entity("client-id", clientId),
          List.of(new ClientQuotaAlteration.Op("producer_byte_rate", quota))))).all().get();
      AdminScenariosTest.awaitTrue(() -> !quotas(admin, ClientQuotaFilter.containsOnly(List.of(
          ClientQuotaFilterComponent.ofEntity("client-id", clientId)))).isEmpty(), "the quota in force");
    }
    Properties config = Clients.producer(target);
    config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
    config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
      producer.send(new ProducerRecord<>("throttled-" + target, "k", "x".repeat(5_000))).get();
      double throttle = (double) producer.metrics().entrySet().stream()
          .filter(e -> e.getKey().name().equals("produce-throttle-time-max")).findFirst().orElseThrow()
          .getValue().metricValue();
      // about 5,100 bytes over Kafka's 10 s minimum span: (510 - 100) / 100 * 10 s, give or take the
      // request's framing (Kafka counts the request, the fake its records) and the first metadata round trip
      assertTrue(throttle > 39_000 && throttle < 43_000, "throttle time " + throttle);
      producer.close(Duration.ZERO);
    }
  }

  private static void assertRefused(Admin admin, ClientQuotaEntity entity, String key, double value, String message) {
    Throwable e = cause(admin.alterClientQuotas(List.of(new ClientQuotaAlteration(entity,
        List.of(new ClientQuotaAlteration.Op(key, value))))).all());
    assertInstanceOf(InvalidRequestException.class, e);
    assertEquals(message, e.getMessage());
  }

  /** The user's credentials, none when it has none. */
  private static List<ScramCredentialInfo> credentials(Admin admin, String user) {
    try {
      return admin.describeUserScramCredentials(List.of(user)).description(user).get().credentialInfos();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof ResourceNotFoundException) {
        return List.of();
      }
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<ClientQuotaEntity, Map<String, Double>> quotas(Admin admin, ClientQuotaFilter filter) {
    try {
      return admin.describeClientQuotas(filter).entities().get();
    } catch (InterruptedException | ExecutionException e) {
      throw new IllegalStateException(e);
    }
  }

  private static ClientQuotaEntity entity(String... typeAndName) {
    Map<String, String> entries = new HashMap<>();
    for (int i = 0; i < typeAndName.length; i += 2) {
      entries.put(typeAndName[i], typeAndName[i + 1]);
    }
    return new ClientQuotaEntity(entries);
  }

  private static Throwable cause(KafkaFuture<?> future) {
    return assertThrows(ExecutionException.class, future::get).getCause();
  }
}
