package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every truncation and many corruptions of valid messages, on both sides of SCRAM and on PLAIN: the only
 * failure is a {@link SaslAuthenticationException}, and a failed exchange stays failed.
 */
class SaslHostileInputTest {
  private static final String CLIENT_FIRST = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO";
  private static final String SERVER_FIRST =
      "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096";
  private static final String CLIENT_FINAL =
      "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=";
  private static final String SERVER_FINAL = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=";
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .scramUser(ScramMechanism.SCRAM_SHA_256, "user", ScramCredential.derive(ScramMechanism.SCRAM_SHA_256, "pencil",
          Base64.getDecoder().decode("W22ZaJ0SNY7soEsUEjb6gQ=="), 4096))
      .plainUser("user", "pencil")
      .build();

  @Test
  void everyTruncationOfTheClientFirstMessage() {
    byte[] valid = ScramRfcExamplesTest.bytes(CLIENT_FIRST);
    for (int length = 0; length < valid.length; length++) {
      byte[] truncated = Arrays.copyOf(valid, length);
      // A shorter nonce is still a valid message: those must answer, the others must fail cleanly.
      boolean stillValid = length > CLIENT_FIRST.indexOf(",r=") + 3;
      String outcome = serverOutcome(server(), truncated);
      assertEquals(stillValid, outcome.equals("challenge"), "length " + length + ": " + outcome);
    }
  }

  @Test
  void everyTruncationOfTheClientFinalMessage() {
    byte[] valid = ScramRfcExamplesTest.bytes(CLIENT_FINAL);
    for (int length = 0; length < valid.length; length++) {
      ScramServer server = server();
      server.evaluateResponse(ScramRfcExamplesTest.bytes(CLIENT_FIRST));
      String outcome = serverOutcome(server, Arrays.copyOf(valid, length));
      assertEquals("refused", outcome, "length " + length);
      assertFalse(server.isComplete());
      assertThrows(SaslAuthenticationException.class, () -> server.evaluateResponse(valid), "a failed exchange stays failed");
    }
  }

  @Test
  void randomCorruptionsOfTheClientMessages() {
    Random random = new Random(20261201L);
    for (int round = 0; round < 2000; round++) {
      boolean first = round % 2 == 0;
      byte[] message = corrupt(ScramRfcExamplesTest.bytes(first ? CLIENT_FIRST : CLIENT_FINAL), random);
      ScramServer server = server();
      if (!first) {
        server.evaluateResponse(ScramRfcExamplesTest.bytes(CLIENT_FIRST));
      }
      String outcome = serverOutcome(server, message);
      if (!first && outcome.equals("challenge") && !Arrays.equals(message, ScramRfcExamplesTest.bytes(CLIENT_FINAL))) {
        fail("a corrupted client-final was accepted: " + ScramRfcExamplesTest.text(message));
      }
    }
  }

  @Test
  void everyTruncationOfTheServerMessages() {
    byte[] serverFirst = ScramRfcExamplesTest.bytes(SERVER_FIRST);
    for (int length = 0; length < serverFirst.length; length++) {
      ScramClient client = client();
      byte[] truncated = Arrays.copyOf(serverFirst, length);
      // Cut inside i=4096 the count falls under 4096: every truncation is refused.
      assertThrows(SaslAuthenticationException.class, () -> client.evaluateChallenge(truncated), "length " + length);
    }
    byte[] serverFinal = ScramRfcExamplesTest.bytes(SERVER_FINAL);
    for (int length = 0; length < serverFinal.length; length++) {
      ScramClient client = client();
      client.evaluateChallenge(serverFirst);
      byte[] truncated = Arrays.copyOf(serverFinal, length);
      assertThrows(SaslAuthenticationException.class, () -> client.evaluateChallenge(truncated), "length " + length);
      assertFalse(client.isComplete());
    }
  }

  @Test
  void randomCorruptionsOfTheServerMessages() {
    Random random = new Random(7677L);
    for (int round = 0; round < 1000; round++) {
      ScramClient client = client();
      byte[] message = corrupt(ScramRfcExamplesTest.bytes(SERVER_FIRST), random);
      try {
        client.evaluateChallenge(message);
      } catch (SaslAuthenticationException expected) {
        continue;
      }
      byte[] serverFinal = corrupt(ScramRfcExamplesTest.bytes(SERVER_FINAL), random);
      try {
        client.evaluateChallenge(serverFinal);
      } catch (SaslAuthenticationException expected) {
        continue;
      }
      fail("a corrupted exchange completed: " + ScramRfcExamplesTest.text(message) + " / "
          + ScramRfcExamplesTest.text(serverFinal));
    }
  }

  @Test
  void hostileServerParametersAreRefused() {
    String[] servers = {
        "r=someoneElsesNonce,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
        "r=rOprNGfwEbeRWgbNEkqO,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
        "r=rOprNGfwEbeRWgbNEkqOx,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=2147483647",
        "r=rOprNGfwEbeRWgbNEkqOx,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=99999999999",
        "r=rOprNGfwEbeRWgbNEkqOx,s=,i=4096",
        "m=x,r=rOprNGfwEbeRWgbNEkqOx,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
    };
    for (String server : servers) {
      assertThrows(SaslAuthenticationException.class, () -> client().evaluateChallenge(ScramRfcExamplesTest.bytes(server)),
          server);
    }
  }

  @Test
  void everyTruncationAndCorruptionOfAPlainMessage() {
    byte[] valid = "user\0user\0pencil".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    for (int length = 0; length < valid.length; length++) {
      assertEquals("refused", serverOutcome(SaslMechanisms.server("PLAIN", USERS), Arrays.copyOf(valid, length)));
    }
    Random random = new Random(4616L);
    for (int round = 0; round < 1000; round++) {
      byte[] message = corrupt(valid, random);
      String outcome = serverOutcome(SaslMechanisms.server("PLAIN", USERS), message);
      if (outcome.equals("challenge") && !Arrays.equals(message, valid)) {
        fail("a corrupted PLAIN message was accepted");
      }
    }
  }

  private static ScramServer server() {
    return new ScramServer(ScramMechanism.SCRAM_SHA_256, USERS, () -> "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0");
  }

  private static ScramClient client() {
    ScramClient client = new ScramClient(ScramMechanism.SCRAM_SHA_256, "user", "pencil", () -> "rOprNGfwEbeRWgbNEkqO");
    client.initialResponse();
    return client;
  }

  /** "challenge" if the server answered, "refused" if it threw its documented exception; anything else fails. */
  private static String serverOutcome(SaslServerMechanism server, byte[] message) {
    try {
      server.evaluateResponse(message);
      return "challenge";
    } catch (SaslAuthenticationException e) {
      return "refused";
    }
  }

  /** One to three byte changes: a random byte, a flipped bit, or a separator where it does not belong. */
  private static byte[] corrupt(byte[] message, Random random) {
    byte[] copy = message.clone();
    int changes = 1 + random.nextInt(3);
    for (int i = 0; i < changes; i++) {
      int at = random.nextInt(copy.length);
      switch (random.nextInt(3)) {
        case 0 -> copy[at] = (byte) random.nextInt(256);
        case 1 -> copy[at] ^= (byte) (1 << random.nextInt(8));
        default -> copy[at] = (byte) ",=\0".charAt(random.nextInt(3));
      }
    }
    return copy;
  }
}
