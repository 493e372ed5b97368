package io.kwire.fake.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.fake.FakeCluster;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.net.sasl.ScramMechanism;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.UserScramCredentialAlteration;
import org.apache.kafka.clients.admin.UserScramCredentialDeletion;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.clients.admin.UserScramCredentialsDescription;
import org.apache.kafka.common.config.SaslConfigs;
import org.apache.kafka.common.errors.DuplicateResourceException;
import org.apache.kafka.common.errors.ResourceNotFoundException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.UnacceptableCredentialException;
import org.junit.jupiter.api.Test;

/**
 * AdminClient's SCRAM user API against the fake, and the users it creates logging in with
 * SCRAM-SHA-256 and SCRAM-SHA-512.
 */
class ScramUsersTest {
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .scramUser(ScramMechanism.SCRAM_SHA_512, "admin", "admin-secret").build();

  private static Properties as(FakeCluster cluster, String mechanism, String user, String password) {
    Properties p = ClientConfigs.admin(cluster);
    p.put(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG, "SASL_PLAINTEXT");
    p.put(SaslConfigs.SASL_MECHANISM, mechanism);
    p.put(SaslConfigs.SASL_JAAS_CONFIG, "org.apache.kafka.common.security.scram.ScramLoginModule required username=\""
        + user + "\" password=\"" + password + "\";");
    return p;
  }

  @Test
  void usersCreatedThroughTheAdminApiLogInAndDeletedOnesNoLonger() throws Exception {
    try (FakeCluster cluster = FakeCluster.builder()
        .sasl(SaslServerOptions.of(USERS, "SCRAM-SHA-256", "SCRAM-SHA-512")).start();
        Admin admin = Admin.create(as(cluster, "SCRAM-SHA-512", "admin", "admin-secret"))) {
      admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(
          new UserScramCredentialUpsertion("alice", new ScramCredentialInfo(
              org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_256, 8192), "alice-secret"),
          new UserScramCredentialUpsertion("bob", new ScramCredentialInfo(
              org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_512, 4096), "bob-secret"))).all().get();

      Map<String, UserScramCredentialsDescription> described = admin.describeUserScramCredentials().all().get();
      assertEquals(List.of(new ScramCredentialInfo(org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_256, 8192)),
          described.get("alice").credentialInfos());
      assertEquals(List.of(new ScramCredentialInfo(org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_512, 4096)),
          described.get("bob").credentialInfos());
      assertEquals(List.of(new ScramCredentialInfo(org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_512, 4096)),
          described.get("admin").credentialInfos(), "the builder's user, as the store derived it");
      assertEquals(3, described.size());

      try (Admin alice = Admin.create(as(cluster, "SCRAM-SHA-256", "alice", "alice-secret"));
          Admin bob = Admin.create(as(cluster, "SCRAM-SHA-512", "bob", "bob-secret"))) {
        assertEquals(1, alice.describeCluster().nodes().get().size());
        assertEquals(1, bob.describeCluster().nodes().get().size());
      }

      admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(new UserScramCredentialDeletion("alice",
          org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_256))).all().get();
      try (Admin alice = Admin.create(as(cluster, "SCRAM-SHA-256", "alice", "alice-secret"))) {
        ExecutionException e = assertThrows(ExecutionException.class, () -> alice.describeCluster().nodes().get());
        assertInstanceOf(SaslAuthenticationException.class, e.getCause());
      }
      ExecutionException e = assertThrows(ExecutionException.class,
          () -> admin.describeUserScramCredentials(List.of("alice")).description("alice").get());
      assertInstanceOf(ResourceNotFoundException.class, e.getCause());
      assertEquals("Attempt to describe a user credential that does not exist: alice", e.getCause().getMessage());
    }
  }

  @Test
  void refusesAsKafkaDoes() throws Exception {
    try (FakeCluster cluster = FakeCluster.start(); Admin admin = Admin.create(ClientConfigs.admin(cluster))) {
      var sha256 = org.apache.kafka.clients.admin.ScramMechanism.SCRAM_SHA_256;
      var result = admin.alterUserScramCredentials(List.<UserScramCredentialAlteration>of(
          new UserScramCredentialUpsertion("few", new ScramCredentialInfo(sha256, 4095), "pw"),
          new UserScramCredentialUpsertion("many", new ScramCredentialInfo(sha256, 16385), "pw"),
          new UserScramCredentialDeletion("nobody", sha256),
          new UserScramCredentialUpsertion("twice", new ScramCredentialInfo(sha256, 4096), "pw"),
          new UserScramCredentialDeletion("twice", sha256))).values();
      assertEquals("Too few iterations", cause(result.get("few")).getMessage());
      assertInstanceOf(UnacceptableCredentialException.class, cause(result.get("many")));
      assertEquals("Too many iterations", cause(result.get("many")).getMessage());
      assertInstanceOf(ResourceNotFoundException.class, cause(result.get("nobody")));
      assertEquals("Attempt to delete a user credential that does not exist", cause(result.get("nobody")).getMessage());
      assertInstanceOf(DuplicateResourceException.class, cause(result.get("twice")));
      assertEquals(Map.of(), admin.describeUserScramCredentials().all().get());
    }
  }

  private static Throwable cause(org.apache.kafka.common.KafkaFuture<Void> f) {
    return assertThrows(ExecutionException.class, f::get).getCause();
  }
}
