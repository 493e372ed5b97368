package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.sasl.Sasl;
import javax.security.sasl.SaslClient;
import javax.security.sasl.SaslException;
import javax.security.sasl.SaslServer;
import org.apache.kafka.common.security.plain.PlainAuthenticateCallback;
import org.apache.kafka.common.security.plain.internals.PlainSaslServer;
import org.apache.kafka.common.security.scram.ScramCredentialCallback;
import org.apache.kafka.common.security.scram.ScramExtensionsCallback;
import org.apache.kafka.common.security.scram.internals.ScramFormatter;
import org.apache.kafka.common.security.scram.internals.ScramSaslClient;
import org.apache.kafka.common.security.scram.internals.ScramSaslServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** kwire's mechanisms against Kafka's own (kafka-clients 4.4.0) and the JDK's PLAIN client. */
class KafkaSaslInteropTest {
  private static final String USER = "alice";
  private static final String PASSWORD = "alice-secret";

  @ParameterizedTest
  @ValueSource(strings = {"SCRAM-SHA-256", "SCRAM-SHA-512"})
  void kafkasScramClientAuthenticatesWithKwiresServer(String name) throws Exception {
    ScramMechanism mechanism = ScramMechanism.forName(name).orElseThrow();
    SaslServerMechanism server = SaslMechanisms.server(name, scramUsers(mechanism));
    SaslClient client = kafkaScramClient(name, USER, PASSWORD);

    byte[] serverFinal = run(client, server);
    assertTrue(server.isComplete());
    assertTrue(client.isComplete(), "Kafka's client verified kwire's server signature");
    assertEquals("User:alice", server.principal().toString());
    assertTrue(ScramRfcExamplesTest.text(serverFinal).startsWith("v="));
  }

  @ParameterizedTest
  @ValueSource(strings = {"SCRAM-SHA-256", "SCRAM-SHA-512"})
  void kwiresScramClientAuthenticatesWithKafkasServer(String name) throws Exception {
    ScramMechanism mechanism = ScramMechanism.forName(name).orElseThrow();
    SaslServer server = kafkaScramServer(name, USER, PASSWORD);
    SaslClientMechanism client = SaslMechanisms.scramClient(mechanism, USER, PASSWORD);

    byte[] serverFirst = server.evaluateResponse(client.initialResponse());
    byte[] serverFinal = server.evaluateResponse(client.evaluateChallenge(serverFirst));
    assertTrue(server.isComplete());
    assertEquals(USER, server.getAuthorizationID());
    assertEquals(0, client.evaluateChallenge(serverFinal).length);
    assertTrue(client.isComplete(), "kwire's client verified Kafka's server signature");
  }

  @ParameterizedTest
  @ValueSource(strings = {"SCRAM-SHA-256", "SCRAM-SHA-512"})
  void credentialsDerivedAsKafkaDerivesThem(String name) throws Exception {
    ScramMechanism mechanism = ScramMechanism.forName(name).orElseThrow();
    byte[] salt = "a fixed salt, 24 bytes..".getBytes(StandardCharsets.US_ASCII);
    ScramFormatter kafka = new ScramFormatter(kafkaMechanism(name));
    org.apache.kafka.common.security.scram.ScramCredential expected =
        kafka.generateCredential(salt, kafka.saltedPassword(PASSWORD, salt, 4096), 4096);

    ScramCredential credential = ScramCredential.derive(mechanism, PASSWORD, salt, 4096);
    assertArrayEquals(expected.salt(), credential.salt());
    assertArrayEquals(expected.storedKey(), credential.storedKey());
    assertArrayEquals(expected.serverKey(), credential.serverKey());
    assertEquals(expected.iterations(), credential.iterations());
  }

  @Test
  void aWrongPasswordAndAnUnknownUserFailAlikeAtTheLastStep() throws Exception {
    SaslUserStore users = scramUsers(ScramMechanism.SCRAM_SHA_256);
    SaslAuthenticationException wrongPassword = assertThrows(SaslAuthenticationException.class,
        () -> run(kafkaScramClient("SCRAM-SHA-256", USER, "wrong"), SaslMechanisms.server("SCRAM-SHA-256", users)));
    SaslAuthenticationException unknownUser = assertThrows(SaslAuthenticationException.class,
        () -> run(kafkaScramClient("SCRAM-SHA-256", "mallory", PASSWORD), SaslMechanisms.server("SCRAM-SHA-256", users)));
    assertEquals("Authentication failed during authentication due to invalid credentials with SASL mechanism"
        + " SCRAM-SHA-256", wrongPassword.clientMessage());
    assertEquals(wrongPassword.clientMessage(), unknownUser.clientMessage());
    assertEquals(wrongPassword.getMessage(), unknownUser.getMessage());
  }

  @Test
  void anUnknownUserGetsTheSameSaltEveryTime() {
    SaslUserStore users = scramUsers(ScramMechanism.SCRAM_SHA_256);
    byte[] clientFirst = ScramRfcExamplesTest.bytes("n,,n=mallory,r=abc");
    String first = ScramRfcExamplesTest.text(SaslMechanisms.server("SCRAM-SHA-256", users).evaluateResponse(clientFirst));
    String second = ScramRfcExamplesTest.text(SaslMechanisms.server("SCRAM-SHA-256", users).evaluateResponse(clientFirst));
    assertEquals(first.substring(first.indexOf(",s=")), second.substring(second.indexOf(",s=")));
    assertTrue(first.endsWith(",i=4096"));
  }

  @Test
  void kwiresScramClientRefusesAServerThatDoesNotKnowThePassword() throws Exception {
    SaslServer server = kafkaScramServer("SCRAM-SHA-256", USER, "another password");
    SaslClientMechanism client = SaslMechanisms.scramClient(ScramMechanism.SCRAM_SHA_256, USER, PASSWORD);
    byte[] clientFinal = client.evaluateChallenge(server.evaluateResponse(client.initialResponse()));
    assertThrows(SaslException.class, () -> server.evaluateResponse(clientFinal));
    assertFalse(client.isComplete());
    // A forged server-final: the signature of another password.
    assertThrows(SaslAuthenticationException.class,
        () -> client.evaluateChallenge(ScramRfcExamplesTest.bytes("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=")));
  }

  @Test
  void scramAuthzidMustBeTheUserAndTokenauthIsRefusedWithoutTokens() {
    SaslUserStore users = scramUsers(ScramMechanism.SCRAM_SHA_256);
    SaslAuthenticationException authzid = assertThrows(SaslAuthenticationException.class,
        () -> SaslMechanisms.server("SCRAM-SHA-256", users).evaluateResponse(ScramRfcExamplesTest.bytes("n,a=bob,n=alice,r=abc")));
    assertEquals("Authentication failed: Client requested an authorization id that is different from username",
        authzid.clientMessage());
    SaslServerMechanism sameAuthzid = SaslMechanisms.server("SCRAM-SHA-256", users);
    assertTrue(ScramRfcExamplesTest.text(sameAuthzid.evaluateResponse(ScramRfcExamplesTest.bytes("n,a=alice,n=alice,r=abc")))
        .startsWith("r=abc"));
    SaslAuthenticationException token = assertThrows(SaslAuthenticationException.class,
        () -> SaslMechanisms.server("SCRAM-SHA-256", users)
            .evaluateResponse(ScramRfcExamplesTest.bytes("n,,n=alice,r=abc,tokenauth=true")));
    assertEquals("Authentication failed: SCRAM delegation tokens (tokenauth) are not supported", token.clientMessage());
  }

  /** The JDK's PLAIN client (the one Kafka's producers use) against kwire's server. */
  @Test
  void theJdksPlainClientAuthenticatesWithKwiresServer() throws Exception {
    SaslClient client = jdkPlainClient(null, USER, PASSWORD);
    SaslServerMechanism server = SaslMechanisms.server("PLAIN", plainUsers());
    assertEquals(0, server.evaluateResponse(client.evaluateChallenge(new byte[0])).length);
    assertTrue(server.isComplete());
    assertEquals("User:alice", server.principal().toString());
  }

  @Test
  void kwiresPlainClientAuthenticatesWithKafkasServer() throws Exception {
    PlainSaslServer server = new PlainSaslServer(kafkaPlainCallbacks());
    SaslClientMechanism client = SaslMechanisms.plainClient(USER, PASSWORD);
    assertEquals(0, client.evaluateChallenge(server.evaluateResponse(client.initialResponse())).length);
    assertTrue(server.isComplete());
    assertTrue(client.isComplete());
    assertEquals(USER, server.getAuthorizationID());
  }

  @Test
  void kwiresPlainClientSendsWhatTheJdksSends() throws Exception {
    assertArrayEquals(jdkPlainClient(null, USER, PASSWORD).evaluateChallenge(new byte[0]),
        SaslMechanisms.plainClient(USER, PASSWORD).initialResponse());
  }

  /** Kafka's PlainSaslServer and kwire's answer every message alike: accepted, or refused with the same words. */
  @Test
  void plainServersAgreeWithKafkas() {
    List<String> messages = List.of("\0alice\0alice-secret", "alice\0alice\0alice-secret", "bob\0alice\0alice-secret",
        "\0alice\0wrong", "\0mallory\0alice-secret", "\0\0alice-secret", "\0alice\0", "alice-secret",
        "\0alice", "\0alice\0alice-secret\0", "a\0b\0c\0d\0e", "");
    for (String message : messages) {
      byte[] bytes = message.getBytes(StandardCharsets.UTF_8);
      String kafka = outcome(() -> new PlainSaslServer(kafkaPlainCallbacks()).evaluateResponse(bytes));
      String kwire = outcome(() -> SaslMechanisms.server("PLAIN", plainUsers()).evaluateResponse(bytes));
      assertEquals(kafka, kwire, "for " + message.replace('\0', '|'));
    }
  }

  @Test
  void plainRefusesMalformedUtf8() {
    SaslAuthenticationException e = assertThrows(SaslAuthenticationException.class,
        () -> SaslMechanisms.server("PLAIN", plainUsers()).evaluateResponse(new byte[] {0, (byte) 0xc3, 0, 'x'}));
    assertEquals("Invalid SASL message: the user name is not valid UTF-8", e.getMessage());
  }

  private interface Step {
    void run() throws Exception;
  }

  private static String outcome(Step step) {
    try {
      step.run();
      return "accepted";
    } catch (Exception e) {
      return e instanceof SaslAuthenticationException kwire ? kwire.clientMessage() : e.getMessage();
    }
  }

  /** Runs an exchange between a JDK-style client and a kwire server; returns the server's last message. */
  private static byte[] run(SaslClient client, SaslServerMechanism server) throws SaslException {
    byte[] challenge = server.evaluateResponse(client.evaluateChallenge(new byte[0]));
    byte[] last = server.evaluateResponse(client.evaluateChallenge(challenge));
    client.evaluateChallenge(last);
    return last;
  }

  private static SaslUserStore scramUsers(ScramMechanism mechanism) {
    return SaslUserStore.builder().scramUser(mechanism, USER, PASSWORD).build();
  }

  private static SaslUserStore plainUsers() {
    return SaslUserStore.builder().plainUser(USER, PASSWORD).build();
  }

  private static org.apache.kafka.common.security.scram.internals.ScramMechanism kafkaMechanism(String name) {
    return org.apache.kafka.common.security.scram.internals.ScramMechanism.forMechanismName(name);
  }

  static SaslClient kafkaScramClient(String name, String user, String password) throws Exception {
    return new ScramSaslClient(kafkaMechanism(name), callbacks -> {
      for (Callback callback : callbacks) {
        if (callback instanceof NameCallback n) {
          n.setName(user);
        } else if (callback instanceof PasswordCallback p) {
          p.setPassword(password.toCharArray());
        } else if (!(callback instanceof ScramExtensionsCallback)) {
          throw new UnsupportedCallbackException(callback);
        }
      }
    });
  }

  static SaslServer kafkaScramServer(String name, String user, String password) throws Exception {
    org.apache.kafka.common.security.scram.ScramCredential credential =
        new ScramFormatter(kafkaMechanism(name)).generateCredential(password, 4096);
    CallbackHandler handler = callbacks -> {
      String requested = null;
      for (Callback callback : callbacks) {
        if (callback instanceof NameCallback n) {
          requested = n.getDefaultName();
        } else if (callback instanceof ScramCredentialCallback c) {
          c.scramCredential(user.equals(requested) ? credential : null);
        } else {
          throw new UnsupportedCallbackException(callback);
        }
      }
    };
    return new ScramSaslServer(kafkaMechanism(name), Map.of(), handler);
  }

  private static CallbackHandler kafkaPlainCallbacks() {
    return callbacks -> {
      String name = null;
      for (Callback callback : callbacks) {
        if (callback instanceof NameCallback n) {
          name = n.getDefaultName();
        } else if (callback instanceof PlainAuthenticateCallback p) {
          p.authenticated(USER.equals(name) && PASSWORD.equals(new String(p.password())));
        } else {
          throw new UnsupportedCallbackException(callback);
        }
      }
    };
  }

  private static SaslClient jdkPlainClient(String authzid, String user, String password) throws SaslException {
    SaslClient client = Sasl.createSaslClient(new String[] {"PLAIN"}, authzid, "kafka", "localhost", Map.of(),
        callbacks -> {
          for (Callback callback : callbacks) {
            if (callback instanceof NameCallback n) {
              n.setName(user);
            } else if (callback instanceof PasswordCallback p) {
              p.setPassword(password.toCharArray());
            }
          }
        });
    assertNotNull(client, "the JDK has a PLAIN client");
    return client;
  }
}
