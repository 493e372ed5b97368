package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeClock;
import io.kwire.fake.FakeCluster;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.CreateDelegationTokenOptions;
import org.apache.kafka.clients.admin.DescribeDelegationTokenOptions;
import org.apache.kafka.clients.admin.ExpireDelegationTokenOptions;
import org.apache.kafka.clients.admin.RenewDelegationTokenOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.DelegationTokenAuthorizationException;
import org.apache.kafka.common.errors.DelegationTokenDisabledException;
import org.apache.kafka.common.errors.DelegationTokenExpiredException;
import org.apache.kafka.common.errors.DelegationTokenNotFoundException;
import org.apache.kafka.common.errors.DelegationTokenOwnerMismatchException;
import org.apache.kafka.common.errors.InvalidPrincipalTypeException;
import org.apache.kafka.common.security.auth.KafkaPrincipal;
import org.apache.kafka.common.security.token.delegation.DelegationToken;
import org.apache.kafka.common.security.token.delegation.TokenInformation;
import org.junit.jupiter.api.Test;

/**
 * kafka-clients' AdminClient creating, renewing, describing and expiring delegation tokens over SASL,
 * under an authorizer with alice as super user; and the tokens off.
 */
class DelegationTokensTest {
  private static final String SECRET = "token-secret";
  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final long DAY = Duration.ofDays(1).toMillis();
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .plainUser("alice", "alice-pw").plainUser("bob", "bob-pw").plainUser("carol", "carol-pw").build();

  private static Properties as(FakeCluster cluster, String user) {
    Properties p = ClientConfigs.admin(cluster);
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    p.put(SaslConfigs.SASL_MECHANISM, "PLAIN");
    p.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
        + user + "\" password=\"" + user + "-pw\";");
    return p;
  }

  private static byte[] hmac(String tokenId) throws Exception {
    Mac mac = Mac.getInstance("HmacSHA512");
    mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA512"));
    return mac.doFinal(tokenId.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void createRenewDescribeExpire() throws Exception {
    FakeClock clock = FakeClock.startingAt(START);
    long t0 = START.toEpochMilli();
    try (FakeCluster cluster = FakeCluster.builder().clock(clock).sasl(SaslServerOptions.of(USERS, "PLAIN"))
        .authorizer("User:alice").delegationTokens(SECRET).start();
        Admin alice = Admin.create(as(cluster, "alice"));
        Admin bob = Admin.create(as(cluster, "bob"));
        Admin carol = Admin.create(as(cluster, "carol"))) {
      KafkaPrincipal bobUser = new KafkaPrincipal("User", "bob");
      DelegationToken token = alice.createDelegationToken(new CreateDelegationTokenOptions()
          .renewers(List.of(bobUser)).maxLifetimeMs(3 * DAY)).delegationToken().get();
      TokenInformation info = token.tokenInfo();
      assertEquals(new KafkaPrincipal("User", "alice"), info.owner());
      assertEquals(new KafkaPrincipal("User", "alice"), info.tokenRequester());
      assertEquals(List.of(bobUser), List.copyOf(info.renewers()));
      assertEquals(t0, info.issueTimestamp());
      assertEquals(t0 + DAY, info.expiryTimestamp());
      assertEquals(t0 + 3 * DAY, info.maxTimestamp());
      assertEquals(22, info.tokenId().length());
      assertArrayEquals(hmac(info.tokenId()), token.hmac());

      clock.advance(Duration.ofHours(12));
      assertEquals(t0 + 12 * 3_600_000L + 2 * DAY, bob.renewDelegationToken(token.hmac(),
          new RenewDelegationTokenOptions().renewTimePeriodMs(2 * DAY)).expiryTimestamp().get());
      assertEquals(t0 + 3 * DAY, alice.renewDelegationToken(token.hmac(),
          new RenewDelegationTokenOptions().renewTimePeriodMs(10 * DAY)).expiryTimestamp().get(), "capped at max");
      assertInstanceOf(DelegationTokenOwnerMismatchException.class,
          cause(carol.renewDelegationToken(token.hmac()).expiryTimestamp()));
      assertInstanceOf(DelegationTokenNotFoundException.class,
          cause(alice.renewDelegationToken(new byte[] {1, 2, 3}).expiryTimestamp()));

      List<DelegationToken> seenByBob = bob.describeDelegationToken().delegationTokens().get();
      assertEquals(1, seenByBob.size());
      TokenInformation described = seenByBob.get(0).tokenInfo();
      assertEquals(info.tokenId(), described.tokenId());
      assertEquals(t0 + 3 * DAY, described.expiryTimestamp());
      assertEquals(t0 + 3 * DAY, described.maxTimestamp());
      assertEquals(t0, described.issueTimestamp());
      assertEquals(List.of(bobUser), List.copyOf(described.renewers()));
      assertArrayEquals(token.hmac(), seenByBob.get(0).hmac());
      assertEquals(List.of(), carol.describeDelegationToken().delegationTokens().get(), "carol may not see it");
      assertInstanceOf(DelegationTokenAuthorizationException.class, cause(carol.createDelegationToken(
          new CreateDelegationTokenOptions().owner(bobUser)).delegationToken()), "no CREATE_TOKENS on User:bob");
      assertEquals(List.of(), alice.describeDelegationToken(new DescribeDelegationTokenOptions()
          .owners(List.of(bobUser))).delegationTokens().get(), "only bob's tokens");

      assertEquals(t0 + 12 * 3_600_000L + 60_000, alice.expireDelegationToken(token.hmac(),
          new ExpireDelegationTokenOptions().expiryTimePeriodMs(60_000)).expiryTimestamp().get());
      clock.advance(Duration.ofMinutes(2));
      assertInstanceOf(DelegationTokenExpiredException.class,
          cause(alice.renewDelegationToken(token.hmac()).expiryTimestamp()));
      assertEquals(List.of(), alice.describeDelegationToken().delegationTokens().get(), "expired tokens are gone");

      DelegationToken second = alice.createDelegationToken().delegationToken().get();
      assertEquals(clock.now().toEpochMilli() + 7 * DAY, second.tokenInfo().maxTimestamp(), "Kafka's default max");
      assertEquals(clock.now().toEpochMilli(), alice.expireDelegationToken(second.hmac(),
          new ExpireDelegationTokenOptions().expiryTimePeriodMs(-1)).expiryTimestamp().get());
      assertInstanceOf(DelegationTokenNotFoundException.class,
          cause(alice.renewDelegationToken(second.hmac()).expiryTimestamp()));

      assertInstanceOf(InvalidPrincipalTypeException.class, cause(alice.createDelegationToken(
          new CreateDelegationTokenOptions().renewers(List.of(new KafkaPrincipal("Group", "g")))).delegationToken()));
      // alice, a super user, may create for bob
      DelegationToken forBob = alice.createDelegationToken(new CreateDelegationTokenOptions().owner(bobUser))
          .delegationToken().get();
      assertEquals(bobUser, forBob.tokenInfo().owner());
      assertEquals(new KafkaPrincipal("User", "alice"), forBob.tokenInfo().tokenRequester());
    }
  }

  @Test
  void disabledWithoutASecretOrWithoutSasl() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder().sasl(SaslServerOptions.of(USERS, "PLAIN")).start();
        Admin alice = Admin.create(as(cluster, "alice"))) {
      assertInstanceOf(DelegationTokenDisabledException.class,
          cause(alice.createDelegationToken().delegationToken()));
      assertInstanceOf(DelegationTokenDisabledException.class,
          cause(alice.describeDelegationToken().delegationTokens()));
    }
    try (FakeCluster cluster = FakeCluster.builder().delegationTokens(SECRET).start();
        Admin anonymous = Admin.create(ClientConfigs.admin(cluster))) {
      assertInstanceOf(DelegationTokenDisabledException.class,
          cause(anonymous.createDelegationToken().delegationToken()));
      assertInstanceOf(DelegationTokenDisabledException.class,
          cause(anonymous.renewDelegationToken(new byte[] {1}).expiryTimestamp()));
      assertInstanceOf(DelegationTokenDisabledException.class,
          cause(anonymous.expireDelegationToken(new byte[] {1}).expiryTimestamp()));
    }
  }

  private static Throwable cause(KafkaFuture<?> f) {
    return assertThrows(ExecutionException.class, f::get).getCause();
  }
}
