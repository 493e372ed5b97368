package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.net.KafkaPrincipal;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.SaslClient;
import org.apache.kafka.common.security.scram.ScramExtensionsCallback;
import org.apache.kafka.common.security.scram.internals.ScramSaslClient;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Delegation-token logins (SCRAM with {@code tokenauth=true}) from Kafka's own SCRAM client (kafka-clients
 * 4.4.0, as its producers send them) against kwire's SCRAM server.
 */
class ScramTokenAuthTest {
  private static final String TOKEN_ID = "tok-1";
  private static final String HMAC = Base64.getEncoder().encodeToString(new byte[] {7, 1, 2, 3, 4, 5, 6, 8});
  private static final KafkaPrincipal OWNER = KafkaPrincipal.user("alice");

  /** A store with one PLAIN user and, for both mechanisms, the token {@link #TOKEN_ID}. */
  private static SaslUserStore withToken() {
    Map<ScramMechanism, ScramCredential> credentials = Map.of(
        ScramMechanism.SCRAM_SHA_256, ScramCredential.derive(ScramMechanism.SCRAM_SHA_256, HMAC),
        ScramMechanism.SCRAM_SHA_512, ScramCredential.derive(ScramMechanism.SCRAM_SHA_512, HMAC));
    return SaslUserStore.builder().scramUser(ScramMechanism.SCRAM_SHA_256, TOKEN_ID, "not the hmac").build()
        .withDelegationTokens((mechanism, tokenId) -> TOKEN_ID.equals(tokenId)
            ? Optional.of(new ScramTokenCredential(OWNER, credentials.get(mechanism))) : Optional.empty());
  }

  @ParameterizedTest
  @ValueSource(strings = {"SCRAM-SHA-256", "SCRAM-SHA-512"})
  void aTokenLogsInAsItsOwnerMarkedTokenAuthenticated(String name) throws Exception {
    SaslServerMechanism server = SaslMechanisms.server(name, withToken());
    SaslClient client = tokenClient(name, TOKEN_ID, HMAC, true);
    run(client, server);
    assertTrue(client.isComplete(), "Kafka's client verified kwire's server signature");
    assertEquals("User:alice", server.principal().toString());
    assertTrue(server.principal().tokenAuthenticated());
    assertEquals(OWNER, server.principal(), "equality ignores the token flag, as Kafka's");
  }

  @Test
  void anUnknownTokenAndAWrongHmacFailAsAWrongPasswordDoes() throws Exception {
    String expected = "Authentication failed during authentication due to invalid credentials with SASL mechanism"
        + " SCRAM-SHA-256";
    SaslAuthenticationException unknown = assertThrows(SaslAuthenticationException.class,
        () -> run(tokenClient("SCRAM-SHA-256", "tok-2", HMAC, true), SaslMechanisms.server("SCRAM-SHA-256", withToken())));
    assertEquals(expected, unknown.clientMessage());
    SaslAuthenticationException wrongHmac = assertThrows(SaslAuthenticationException.class,
        () -> run(tokenClient("SCRAM-SHA-256", TOKEN_ID, "AAAA", true), SaslMechanisms.server("SCRAM-SHA-256", withToken())));
    assertEquals(expected, wrongHmac.clientMessage());
  }

  @Test
  void withoutTokenauthTheTokenIdIsAnOrdinaryUser() throws Exception {
    // The HMAC is not the password of the SCRAM user that happens to be named like the token.
    assertThrows(SaslAuthenticationException.class,
        () -> run(tokenClient("SCRAM-SHA-256", TOKEN_ID, HMAC, false), SaslMechanisms.server("SCRAM-SHA-256", withToken())));
    SaslServerMechanism server = SaslMechanisms.server("SCRAM-SHA-256", withToken());
    run(tokenClient("SCRAM-SHA-256", TOKEN_ID, "not the hmac", false), server);
    assertEquals("User:" + TOKEN_ID, server.principal().toString());
    assertFalse(server.principal().tokenAuthenticated());
  }

  @Test
  void tokenauthWithoutATokenLookupIsRefused() throws Exception {
    SaslUserStore noTokens = SaslUserStore.builder().scramUser(ScramMechanism.SCRAM_SHA_256, TOKEN_ID, HMAC).build();
    assertFalse(noTokens.acceptsDelegationTokens());
    SaslAuthenticationException refused = assertThrows(SaslAuthenticationException.class,
        () -> run(tokenClient("SCRAM-SHA-256", TOKEN_ID, HMAC, true), SaslMechanisms.server("SCRAM-SHA-256", noTokens)));
    assertEquals("Authentication failed: SCRAM delegation tokens (tokenauth) are not supported", refused.clientMessage());
  }

  private static void run(SaslClient client, SaslServerMechanism server) throws Exception {
    byte[] challenge = server.evaluateResponse(client.evaluateChallenge(new byte[0]));
    client.evaluateChallenge(server.evaluateResponse(client.evaluateChallenge(challenge)));
  }

  private static SaslClient tokenClient(String name, String user, String password, boolean tokenauth)
      throws Exception {
    return new ScramSaslClient(
        org.apache.kafka.common.security.scram.internals.ScramMechanism.forMechanismName(name), callbacks -> {
          for (Callback callback : callbacks) {
            if (callback instanceof NameCallback n) {
              n.setName(user);
            } else if (callback instanceof PasswordCallback p) {
              p.setPassword(password.toCharArray());
            } else if (callback instanceof ScramExtensionsCallback e) {
              e.extensions(tokenauth ? Map.of("tokenauth", "true") : Map.of());
            } else {
              throw new UnsupportedCallbackException(callback);
            }
          }
        });
  }
}
