package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The example exchanges of RFC 7677 (SCRAM-SHA-256) and RFC 5802 (SCRAM-SHA-1), byte for byte, both sides. */
class ScramRfcExamplesTest {
  private static final ScramMechanism SCRAM_SHA_1 = new ScramMechanism("SCRAM-SHA-1", "SHA-1", "HmacSHA1");

  private record Example(ScramMechanism mechanism, String clientNonce, String serverNonce, String salt,
      String clientFirst, String serverFirst, String clientFinal, String serverFinal) {}

  private static final Example RFC_7677 = new Example(ScramMechanism.SCRAM_SHA_256,
      "rOprNGfwEbeRWgbNEkqO", "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0", "W22ZaJ0SNY7soEsUEjb6gQ==",
      "n,,n=user,r=rOprNGfwEbeRWgbNEkqO",
      "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096",
      "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=",
      "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=");

  private static final Example RFC_5802 = new Example(SCRAM_SHA_1,
      "fyko+d2lbbFgONRv9qkxdawL", "3rfcNHYJY1ZVvWVs7j", "QSXCR+Q6sek8bf92",
      "n,,n=user,r=fyko+d2lbbFgONRv9qkxdawL",
      "r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,s=QSXCR+Q6sek8bf92,i=4096",
      "c=biws,r=fyko+d2lbbFgONRv9qkxdawL3rfcNHYJY1ZVvWVs7j,p=v0X8v3Bz2T0CJGbJQyF0X+HI4Ts=",
      "v=rmF9pqV8S7suAoZWja4dJRkFsKQ=");

  @Test
  void rfc7677ClientSendsTheRfcBytes() {
    clientSendsTheRfcBytes(RFC_7677);
  }

  @Test
  void rfc7677ServerSendsTheRfcBytes() {
    serverSendsTheRfcBytes(RFC_7677);
  }

  @Test
  void rfc5802ClientSendsTheRfcBytes() {
    clientSendsTheRfcBytes(RFC_5802);
  }

  @Test
  void rfc5802ServerSendsTheRfcBytes() {
    serverSendsTheRfcBytes(RFC_5802);
  }

  private static void clientSendsTheRfcBytes(Example example) {
    ScramClient client = new ScramClient(example.mechanism(), "user", "pencil", () -> example.clientNonce());
    assertEquals(example.clientFirst(), text(client.initialResponse()));
    assertEquals(example.clientFinal(), text(client.evaluateChallenge(bytes(example.serverFirst()))));
    assertEquals(0, client.evaluateChallenge(bytes(example.serverFinal())).length);
    assertTrue(client.isComplete());
  }

  private static void serverSendsTheRfcBytes(Example example) {
    ScramCredential credential = ScramCredential.derive(example.mechanism(), "pencil",
        Base64.getDecoder().decode(example.salt()), 4096);
    SaslUserStore users = SaslUserStore.builder().scramUser(example.mechanism(), "user", credential).build();
    ScramServer server = new ScramServer(example.mechanism(), users, () -> example.serverNonce());
    assertEquals(example.serverFirst(), text(server.evaluateResponse(bytes(example.clientFirst()))));
    assertEquals(example.serverFinal(), text(server.evaluateResponse(bytes(example.clientFinal()))));
    assertTrue(server.isComplete());
    assertEquals("User:user", server.principal().toString());
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
