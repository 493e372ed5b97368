package io.kwire.net.sasl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Map;
import java.util.function.Supplier;

/**
 * SCRAM's client side (RFC 5802): client-first out; server-first in, client-final out; server-final
 * in, where the server's signature is verified (a server that cannot prove it knows the credential
 * fails the exchange). Sends no authzid and no extensions, as Kafka's client without a token. Refuses
 * a server nonce that does not extend its own and an iteration count outside Kafka's 4096-16384.
 */
final class ScramClient implements SaslClientMechanism {
  private enum State { INITIAL, SERVER_FIRST, SERVER_FINAL, COMPLETE, FAILED }

  private static final String GS2_HEADER = "n,,";

  private final ScramMechanism mechanism;
  private final ScramCrypto crypto;
  private final String username;
  private final byte[] password;
  private final Supplier<String> clientNonces;

  private State state = State.INITIAL;
  private String clientFirstBare;
  private String clientNonce;
  private byte[] expectedServerSignature;

  ScramClient(ScramMechanism mechanism, String username, String password, Supplier<String> clientNonces) {
    if (username.isEmpty() || password.isEmpty()) {
      throw new IllegalArgumentException("a SCRAM user name and password must be non-empty");
    }
    this.mechanism = mechanism;
    this.crypto = new ScramCrypto(mechanism);
    this.username = username;
    this.password = password.getBytes(StandardCharsets.UTF_8);
    this.clientNonces = clientNonces;
  }

  @Override
  public String mechanismName() {
    return mechanism.mechanismName();
  }

  @Override
  public byte[] initialResponse() {
    if (state != State.INITIAL) {
      throw new IllegalStateException("the client-first-message was already made");
    }
    clientNonce = ScramMessages.checkNonce(clientNonces.get(), "client nonce");
    String clientFirst = ScramMessages.ClientFirst.write(username, clientNonce, Map.of());
    clientFirstBare = clientFirst.substring(GS2_HEADER.length());
    state = State.SERVER_FIRST;
    return clientFirst.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public byte[] evaluateChallenge(byte[] challenge) {
    try {
      switch (state) {
        case SERVER_FIRST:
          return onServerFirst(challenge);
        case SERVER_FINAL:
          onServerFinal(challenge);
          return new byte[0];
        case INITIAL:
          throw new IllegalStateException("initialResponse() comes first");
        default:
          throw new SaslAuthenticationException("Invalid SCRAM exchange: the exchange is over");
      }
    } catch (SaslAuthenticationException e) {
      state = State.FAILED;
      throw e;
    }
  }

  private byte[] onServerFirst(byte[] challenge) {
    ScramMessages.ServerFirst serverFirst = ScramMessages.ServerFirst.parse(challenge);
    if (!serverFirst.nonce().startsWith(clientNonce) || serverFirst.nonce().length() == clientNonce.length()) {
      throw ScramMessages.invalid("server-first-message", "the nonce (r=) does not extend the client's nonce");
    }
    if (serverFirst.iterations() < ScramMechanism.MIN_ITERATIONS
        || serverFirst.iterations() > ScramMechanism.MAX_ITERATIONS) {
      throw ScramMessages.invalid("server-first-message", "the iteration count " + serverFirst.iterations()
          + " is outside " + ScramMechanism.MIN_ITERATIONS + "-" + ScramMechanism.MAX_ITERATIONS);
    }
    byte[] salted = crypto.hi(password, serverFirst.salt(), serverFirst.iterations());
    byte[] clientKey = crypto.clientKey(salted);
    String withoutProof = ScramMessages.ClientFinal.withoutProof(GS2_HEADER, serverFirst.nonce());
    byte[] authMessage = (clientFirstBare + "," + new String(challenge, StandardCharsets.UTF_8) + "," + withoutProof)
        .getBytes(StandardCharsets.UTF_8);
    byte[] clientSignature = crypto.hmac(crypto.hash(clientKey), authMessage);
    byte[] proof = ScramCrypto.xor(clientKey, clientSignature);
    expectedServerSignature = crypto.hmac(crypto.serverKey(salted), authMessage);
    state = State.SERVER_FINAL;
    return (withoutProof + ",p=" + Base64.getEncoder().encodeToString(proof)).getBytes(StandardCharsets.UTF_8);
  }

  private void onServerFinal(byte[] challenge) {
    ScramMessages.ServerFinal serverFinal = ScramMessages.ServerFinal.parse(challenge);
    if (serverFinal.error() != null) {
      throw new SaslAuthenticationException("SCRAM authentication failed: the server answered e=" + serverFinal.error());
    }
    if (!MessageDigest.isEqual(serverFinal.verifier(), expectedServerSignature)) {
      throw new SaslAuthenticationException("SCRAM authentication failed: the server's signature (v=) is wrong");
    }
    state = State.COMPLETE;
  }

  @Override
  public boolean isComplete() {
    return state == State.COMPLETE;
  }
}
