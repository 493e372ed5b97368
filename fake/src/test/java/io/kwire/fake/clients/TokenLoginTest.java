package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ExpireDelegationTokenOptions;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.errors.UnsupportedByAuthenticationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.security.token.delegation.DelegationToken;
import org.junit.jupiter.api.Test;

/**
 * kafka-clients 4.4.0 logging in with a delegation token (SCRAM, {@code tokenauth=true}, the token id
 * as user name and its HMAC in base64 as password): they act as the token's owner under the
 * authorizer, may not create, renew or expire tokens, and an expired token no longer logs in.
 */
class TokenLoginTest {
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .plainUser("admin", "admin-pw").plainUser("alice", "alice-pw").plainUser("bob", "bob-pw").build();

  private static Properties plain(String user, Properties p) {
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    p.put(SaslConfigs.SASL_MECHANISM, "PLAIN");
    p.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + user + "\" password=\"" + user + "-pw\";");
    return p;
  }

  private static Properties token(DelegationToken token, String mechanism, Properties p) {
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    p.put(SaslConfigs.SASL_MECHANISM, mechanism);
    p.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
        + token.tokenInfo().tokenId() + "\" password=\"" + token.hmacAsBase64String() + "\" tokenauth=\"true\";");
    return p;
  }

  @Test
  void aTokenLoginActsAsItsOwner() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    try (FakeCluster cluster = FakeCluster.builder().clock(clock)
        .sasl(SaslServerOptions.of(USERS, "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512")).authorizer("User:admin")
        .delegationTokens("token-secret").topic("orders", 1, 1).start();
        Admin admin = Admin.create(plain("admin", ClientConfigs.admin(cluster)));
        Admin alice = Admin.create(plain("alice", ClientConfigs.admin(cluster)));
        Admin bob = Admin.create(plain("bob", ClientConfigs.admin(cluster)))) {
      admin.createAcls(List.of(allow(ResourceType.TOPIC, "orders", AclOperation.WRITE),
          allow(ResourceType.TOPIC, "orders", AclOperation.READ),
          allow(ResourceType.GROUP, "app", AclOperation.READ))).all().get();
      DelegationToken alices = alice.createDelegationToken().delegationToken().get();
      DelegationToken bobs = bob.createDelegationToken().delegationToken().get();

      try (KafkaProducer<String, String> p = new KafkaProducer<>(
          token(alices, "SCRAM-SHA-512", ClientConfigs.producer(cluster)))) {
        p.send(new ProducerRecord<>("orders", 0, "k", "by-token")).get();
      }
      try (KafkaConsumer<String, String> c = new KafkaConsumer<>(
          token(alices, "SCRAM-SHA-256", ClientConfigs.consumer(cluster, "app")))) {
        c.subscribe(List.of("orders"));
        List<String> values = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (values.isEmpty() && System.nanoTime() < deadline) {
          for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
            values.add(r.value());
          }
        }
        assertEquals(List.of("by-token"), values);
        c.commitSync();
      }
      // bob's token is bob: no WRITE on orders
      try (KafkaProducer<String, String> p = new KafkaProducer<>(
          token(bobs, "SCRAM-SHA-256", ClientConfigs.producer(cluster)))) {
        ExecutionException e = assertThrows(ExecutionException.class,
            () -> p.send(new ProducerRecord<>("orders", 0, "k", "denied")).get());
        assertInstanceOf(TopicAuthorizationException.class, e.getCause());
        assertEquals(Set.of("orders"), ((TopicAuthorizationException) e.getCause()).unauthorizedTopics());
      }

      try (Admin byToken = Admin.create(token(alices, "SCRAM-SHA-256", ClientConfigs.admin(cluster)))) {
        assertInstanceOf(UnsupportedByAuthenticationException.class,
            cause(byToken.createDelegationToken().delegationToken()));
        assertInstanceOf(UnsupportedByAuthenticationException.class,
            cause(byToken.renewDelegationToken(alices.hmac()).expiryTimestamp()));
        assertInstanceOf(UnsupportedByAuthenticationException.class,
            cause(byToken.expireDelegationToken(alices.hmac()).expiryTimestamp()));
      }
      // a wrong HMAC and a token id that is no token
      DelegationToken forged = new DelegationToken(alices.tokenInfo(), bobs.hmac());
      assertLoginFails(cluster, forged);

      // expired by ExpireDelegationToken: gone at once
      alice.expireDelegationToken(alices.hmac(), new ExpireDelegationTokenOptions().expiryTimePeriodMs(-1))
          .expiryTimestamp().get();
      assertLoginFails(cluster, alices);
      // expired by time: bob's token lasts a day unless renewed
      try (Admin stillValid = Admin.create(token(bobs, "SCRAM-SHA-256", ClientConfigs.admin(cluster)))) {
        stillValid.describeCluster().nodes().get();
      }
      clock.advance(Duration.ofDays(1).plusMinutes(1));
      assertLoginFails(cluster, bobs);
    }
  }

  private static void assertLoginFails(FakeCluster cluster, DelegationToken token) {
    try (Admin admin = Admin.create(token(token, "SCRAM-SHA-256", ClientConfigs.admin(cluster)))) {
      assertInstanceOf(SaslAuthenticationException.class, cause(admin.describeCluster().nodes()));
    }
  }

  private static AclBinding allow(ResourceType type, String name, AclOperation operation) {
    return new AclBinding(new ResourcePattern(type, name, PatternType.LITERAL),
        new AccessControlEntry("User:alice", "*", operation, AclPermissionType.ALLOW));
  }

  private static Throwable cause(KafkaFuture<?> f) {
    return assertThrows(ExecutionException.class, f::get).getCause();
  }
}
