package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.SaslAuthenticateResponseCodec;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.net.KafkaPrincipal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Kafka's SASL exchange between kwire's two authenticators, every record through kwire's codecs; no network. */
class SaslExchangeTest {
  private static final short METADATA = 3;
  private static final short V1 = 1;
  private static final short V2 = 2;
  private static final SaslUserStore USERS = SaslUserStore.builder()
      .plainUser("alice", "alice-secret")
      .plainUser("bob", "bob-secret")
      .scramUser(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret")
      .scramUser(ScramMechanism.SCRAM_SHA_512, "alice", "alice-secret")
      .build();
  private static final SaslServerOptions ALL =
      SaslServerOptions.of(USERS, "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");

  private long now = 1_000_000_000L;

  /** Runs the exchange as a pipeline would; returns the server's last reply. */
  private SaslReply<SaslAuthenticateWire.Response> exchange(SaslClientAuthenticator client, SaslServerAuthenticator server,
      short authenticateVersion) {
    assertEquals(SaslAdmission.AUTHENTICATE, server.admit(SaslServerAuthenticator.SASL_HANDSHAKE));
    SaslReply<SaslHandshakeWire.Response> handshake = server.handshake(
        RecordWire.handshakeRequest(client.start(), V1), V1);
    assertFalse(handshake.closeAfterSend());
    SaslAuthenticateWire.Request request = client.onHandshakeResponse(
        RecordWire.handshakeResponse(handshake.response(), V1));
    while (true) {
      assertEquals(SaslAdmission.AUTHENTICATE, server.admit(SaslServerAuthenticator.SASL_AUTHENTICATE));
      SaslReply<SaslAuthenticateWire.Response> reply = server.authenticate(
          RecordWire.authenticateRequest(request, authenticateVersion), authenticateVersion);
      if (reply.closeAfterSend()) {
        return reply;
      }
      Optional<SaslAuthenticateWire.Request> next = client.onAuthenticateResponse(
          RecordWire.authenticateResponse(reply.response(), authenticateVersion));
      if (next.isEmpty()) {
        return reply;
      }
      request = next.get();
    }
  }

  private SaslServerAuthenticator server(SaslServerOptions options) {
    return new SaslServerAuthenticator(options, () -> now);
  }

  private SaslClientAuthenticator client(Supplier<SaslClientMechanism> mechanism, double random) {
    return new SaslClientAuthenticator(mechanism, () -> now, () -> random);
  }

  private static Supplier<SaslClientMechanism> scram(ScramMechanism mechanism, String user, String password) {
    return () -> SaslMechanisms.scramClient(mechanism, user, password);
  }

  private static Supplier<SaslClientMechanism> plain(String user, String password) {
    return () -> SaslMechanisms.plainClient(user, password);
  }

  @ParameterizedTest
  @ValueSource(strings = {"PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"})
  void everyMechanismAuthenticatesAtEverySaslAuthenticateVersion(String mechanism) {
    for (short version = 0; version <= 2; version++) {
      Supplier<SaslClientMechanism> credentials = mechanism.equals("PLAIN") ? plain("alice", "alice-secret")
          : scram(ScramMechanism.forName(mechanism).orElseThrow(), "alice", "alice-secret");
      SaslServerAuthenticator server = server(ALL);
      SaslClientAuthenticator client = client(credentials, 0.5);
      assertEquals(SaslAdmission.PASS, server.admit((short) 18), "ApiVersions first");
      SaslReply<SaslAuthenticateWire.Response> last = exchange(client, server, version);
      assertEquals(0, last.response().errorCode());
      assertTrue(client.authenticated());
      assertTrue(server.authenticated());
      assertEquals(Optional.of(KafkaPrincipal.user("alice")), server.principal());
      assertEquals(Optional.of(mechanism), server.mechanism());
      assertEquals(SaslAdmission.PASS, server.admit(METADATA));
    }
  }

  @Test
  void theHandshakeListsTheEnabledMechanismsAndRefusesOthers() {
    SaslServerAuthenticator server = server(SaslServerOptions.of(USERS, "SCRAM-SHA-512", "PLAIN"));
    server.admit(SaslServerAuthenticator.SASL_HANDSHAKE);
    SaslReply<SaslHandshakeWire.Response> reply = server.handshake(new SaslHandshakeWire.Request("SCRAM-SHA-256"), V1);
    assertEquals(new SaslHandshakeWire.Response((short) 33, List.of("SCRAM-SHA-512", "PLAIN")), reply.response());
    assertTrue(reply.closeAfterSend());
    assertEquals(SaslAdmission.CLOSE, server.admit(SaslServerAuthenticator.SASL_AUTHENTICATE));

    SaslClientAuthenticator client = client(scram(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret"), 0.5);
    client.start();
    SaslAuthenticationException e = assertThrows(SaslAuthenticationException.class,
        () -> client.onHandshakeResponse(reply.response()));
    assertEquals("Client SASL mechanism 'SCRAM-SHA-256' not enabled in the server, enabled mechanisms are"
        + " [SCRAM-SHA-512, PLAIN]", e.getMessage());
  }

  @Test
  void aWrongPasswordFailsWithKafkasMessageAndCloses() {
    SaslServerAuthenticator server = server(ALL);
    SaslClientAuthenticator client = client(plain("alice", "wrong"), 0.5);
    SaslReply<SaslAuthenticateWire.Response> reply = exchange(client, server, V2);
    assertArrayEquals(SaslAuthenticateResponseCodec.INSTANCE.encode(new io.kwire.messages.SaslAuthenticateResponse((short) 58,
        "Authentication failed: Invalid username or password", new byte[0], 0, UnknownTaggedFields.EMPTY), V2),
        RecordWire.authenticateResponseBytes(reply.response(), V2));
    assertTrue(reply.closeAfterSend());
    SaslAuthenticationException e = assertThrows(SaslAuthenticationException.class,
        () -> client.onAuthenticateResponse(reply.response()));
    assertEquals("Authentication failed: Invalid username or password", e.getMessage());
    assertFalse(server.authenticated());
    assertEquals(SaslAdmission.CLOSE, server.admit(METADATA));
  }

  @Test
  void aScramClientDetectsAServerThatAnswersWithoutTheCredential() {
    SaslServerAuthenticator server = server(ALL);
    SaslClientAuthenticator client = client(scram(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret"), 0.5);
    server.admit(SaslServerAuthenticator.SASL_HANDSHAKE);
    SaslAuthenticateWire.Request first = client.onHandshakeResponse(server.handshake(client.start(), V1).response());
    server.admit(SaslServerAuthenticator.SASL_AUTHENTICATE);
    SaslAuthenticateWire.Request last = client.onAuthenticateResponse(server.authenticate(first, V2).response()).orElseThrow();
    assertTrue(!last.equals(first));
    // A forged success: the right shape, not the server's signature.
    SaslAuthenticateWire.Response forged = new SaslAuthenticateWire.Response((short) 0, null,
        ScramRfcExamplesTest.bytes("v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="), 0);
    assertThrows(SaslAuthenticationException.class, () -> client.onAuthenticateResponse(forged));
    assertFalse(client.authenticated());
  }

  @Test
  void onlyApiVersionsOnceAndSaslHandshakeComeBeforeAuthentication() {
    assertEquals(SaslAdmission.CLOSE, server(ALL).admit(METADATA));
    assertEquals(SaslAdmission.CLOSE, server(ALL).admit(SaslServerAuthenticator.SASL_AUTHENTICATE));
    SaslServerAuthenticator twice = server(ALL);
    assertEquals(SaslAdmission.PASS, twice.admit((short) 18));
    assertEquals(SaslAdmission.CLOSE, twice.admit((short) 18));
    SaslServerAuthenticator midway = server(ALL);
    midway.admit(SaslServerAuthenticator.SASL_HANDSHAKE);
    midway.handshake(new SaslHandshakeWire.Request("PLAIN"), V1);
    assertEquals(SaslAdmission.CLOSE, midway.admit((short) 18), "no ApiVersions after the handshake");
  }

  @Test
  void aSecondHandshakeDuringTheExchangeIsAnIllegalState() {
    SaslServerAuthenticator server = server(ALL);
    server.admit(SaslServerAuthenticator.SASL_HANDSHAKE);
    server.handshake(new SaslHandshakeWire.Request("PLAIN"), V1);
    assertEquals(SaslAdmission.AUTHENTICATE, server.admit(SaslServerAuthenticator.SASL_HANDSHAKE));
    SaslReply<SaslHandshakeWire.Response> reply = server.handshake(new SaslHandshakeWire.Request("PLAIN"), V1);
    assertEquals(34, reply.response().errorCode());
    assertTrue(reply.closeAfterSend());
    assertEquals(SaslAdmission.CLOSE, server.admit(METADATA), "during the exchange anything else closes");
  }

  @Test
  void saslRequestsAfterAuthenticationAreIllegalStatesThatKeepTheConnection() {
    SaslServerAuthenticator server = server(ALL);
    exchange(client(plain("alice", "alice-secret"), 0.5), server, (short) 0);
    assertEquals(SaslAdmission.AUTHENTICATE, server.admit(SaslServerAuthenticator.SASL_AUTHENTICATE));
    SaslReply<SaslAuthenticateWire.Response> again = server.authenticate(
        new SaslAuthenticateWire.Request(new byte[0]), (short) 0);
    assertEquals(34, again.response().errorCode());
    assertEquals("SaslAuthenticate request received after successful authentication", again.response().errorMessage());
    assertFalse(again.closeAfterSend());
    // A v0 client cannot re-authenticate: its handshake is answered so too.
    assertEquals(SaslAdmission.AUTHENTICATE, server.admit(SaslServerAuthenticator.SASL_HANDSHAKE));
    SaslReply<SaslHandshakeWire.Response> handshake = server.handshake(new SaslHandshakeWire.Request("PLAIN"), V1);
    assertEquals(new SaslHandshakeWire.Response((short) 34, List.of()), handshake.response());
    assertFalse(handshake.closeAfterSend());
    assertEquals(SaslAdmission.PASS, server.admit(METADATA));
  }

  @Test
  void theLegacyHandshakeV0IsRefused() {
    SaslServerAuthenticator server = server(ALL);
    server.admit(SaslServerAuthenticator.SASL_HANDSHAKE);
    SaslReply<SaslHandshakeWire.Response> reply = server.handshake(new SaslHandshakeWire.Request("PLAIN"), (short) 0);
    assertEquals(35, reply.response().errorCode());
    assertTrue(reply.closeAfterSend());
  }

  @Test
  void theSessionLifetimeIsToldAndEnforced() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    SaslClientAuthenticator client = client(scram(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret"), 0.0);
    SaslReply<SaslAuthenticateWire.Response> last = exchange(client, server, V2);
    assertEquals(10_000, last.response().sessionLifetimeMs());
    assertEquals(10_000, client.sessionLifetimeMs());
    assertEquals(now + 10_000_000_000L, server.sessionExpiresAtNanos().getAsLong());
    assertEquals(now + 8_500_000_000L, client.reauthenticateAtNanos().getAsLong(), "85% with the least random draw");

    now += 8_499_000_000L;
    assertFalse(client.reauthenticationDue());
    now += 1_000_000L;
    assertTrue(client.reauthenticationDue());
    now += 1_500_000_000L;
    assertEquals(SaslAdmission.PASS, server.admit(METADATA), "at the expiry itself the session still holds");
    now += 1;
    assertEquals(SaslAdmission.CLOSE, server.admit(METADATA), "after it, a request other than SaslHandshake closes");
  }

  @Test
  void theLatestReauthenticationPointIs95Percent() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    SaslClientAuthenticator client = client(plain("alice", "alice-secret"), 1.0);
    exchange(client, server, V1);
    assertEquals(now + 9_500_000_000L, client.reauthenticateAtNanos().getAsLong());
  }

  @Test
  void aReauthenticationAfterExpiryRenewsTheSession() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    SaslClientAuthenticator client = client(scram(ScramMechanism.SCRAM_SHA_512, "alice", "alice-secret"), 0.5);
    exchange(client, server, V2);
    now += 11_000_000_000L;
    assertTrue(client.reauthenticationDue());
    SaslReply<SaslAuthenticateWire.Response> last = exchange(client, server, V2);
    assertEquals(0, last.response().errorCode());
    assertEquals(10_000, last.response().sessionLifetimeMs());
    assertFalse(client.reauthenticationDue());
    assertEquals(SaslAdmission.PASS, server.admit(METADATA));
    assertEquals(Optional.of(KafkaPrincipal.user("alice")), server.principal());
  }

  @Test
  void aReauthenticationMustKeepThePrincipal() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    exchange(client(plain("alice", "alice-secret"), 0.5), server, V1);
    SaslReply<SaslAuthenticateWire.Response> last = exchange(client(plain("bob", "bob-secret"), 0.5), server, V1);
    assertEquals(58, last.response().errorCode());
    assertEquals("Cannot change principals during re-authentication from User.alice: User.bob",
        last.response().errorMessage());
    assertTrue(last.closeAfterSend());
    assertEquals(SaslAdmission.CLOSE, server.admit(METADATA));
  }

  @Test
  void aFailedScramReauthenticationSaysSo() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    exchange(client(scram(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret"), 0.5), server, V2);
    SaslReply<SaslAuthenticateWire.Response> last =
        exchange(client(scram(ScramMechanism.SCRAM_SHA_256, "alice", "wrong"), 0.5), server, V2);
    assertEquals("Authentication failed during re-authentication due to invalid credentials with SASL mechanism"
        + " SCRAM-SHA-256", last.response().errorMessage());
    assertTrue(last.closeAfterSend());
  }

  @Test
  void aReauthenticationMustKeepTheMechanism() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    exchange(client(plain("alice", "alice-secret"), 0.5), server, V1);
    SaslReply<SaslAuthenticateWire.Response> last =
        exchange(client(scram(ScramMechanism.SCRAM_SHA_256, "alice", "alice-secret"), 0.5), server, V1);
    assertEquals("SASL mechanism 'SCRAM-SHA-256' requested by client is not supported for re-authentication of"
        + " mechanism 'PLAIN'", last.response().errorMessage());
    assertTrue(last.closeAfterSend());
  }

  @Test
  void aClientThatCannotReauthenticateIsClosedAtExpiry() {
    SaslServerAuthenticator server = server(ALL.withConnectionsMaxReauth(Duration.ofSeconds(10)));
    SaslReply<SaslAuthenticateWire.Response> last = exchange(client(plain("alice", "alice-secret"), 0.5), server, (short) 0);
    // Version 0 has no session_lifetime_ms on the wire: the client never hears of it.
    assertEquals(0, RecordWire.authenticateResponse(last.response(), (short) 0)
        .sessionLifetimeMs());
    now += 10_000_000_001L;
    assertEquals(SaslAdmission.CLOSE, server.admit(SaslServerAuthenticator.SASL_HANDSHAKE));
  }

  @Test
  void withoutALifetimeSessionsNeverExpire() {
    SaslServerAuthenticator server = server(ALL);
    SaslClientAuthenticator client = client(plain("alice", "alice-secret"), 0.5);
    SaslReply<SaslAuthenticateWire.Response> last = exchange(client, server, V2);
    assertEquals(0, last.response().sessionLifetimeMs());
    assertTrue(server.sessionExpiresAtNanos().isEmpty());
    assertTrue(client.reauthenticateAtNanos().isEmpty());
    now += Long.MAX_VALUE / 2;
    assertFalse(client.reauthenticationDue());
    assertEquals(SaslAdmission.PASS, server.admit(METADATA));
  }

  @Test
  void malformedTokensFailTheExchangeWithoutAnException() {
    SaslServerAuthenticator server = server(ALL);
    server.admit(SaslServerAuthenticator.SASL_HANDSHAKE);
    server.handshake(new SaslHandshakeWire.Request("SCRAM-SHA-256"), V1);
    server.admit(SaslServerAuthenticator.SASL_AUTHENTICATE);
    SaslReply<SaslAuthenticateWire.Response> reply = server.authenticate(
        new SaslAuthenticateWire.Request(new byte[] {(byte) 0xff, 0, 1}), V2);
    assertEquals(58, reply.response().errorCode());
    assertEquals("Authentication failed during authentication due to invalid credentials with SASL mechanism"
        + " SCRAM-SHA-256", reply.response().errorMessage());
    assertTrue(reply.closeAfterSend());
    assertNull(server.principal().orElse(null));
  }
}
