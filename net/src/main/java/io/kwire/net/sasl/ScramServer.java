package io.kwire.net.sasl;

import io.kwire.net.KafkaPrincipal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.function.Supplier;

/**
 * SCRAM's server side (RFC 5802): client-first in, server-first out; client-final in, server-final
 * out. An unknown user is run to the end with a decoy credential and fails where a wrong password
 * fails, with the same message, so neither the answer nor its timing tells that the user is unknown
 * (Kafka's server stops at the client-first message instead). The authzid, when given, must be the
 * user name (as Kafka). The {@code tokenauth=true} extension (Kafka's delegation tokens) checks the
 * user name as a token id against the store's tokens ({@link SaslUserStore#withDelegationTokens}), and
 * the principal is then the token's owner, marked token-authenticated; a store without tokens refuses
 * it. Other extensions are ignored.
 */
final class ScramServer implements SaslServerMechanism {
  private enum State { CLIENT_FIRST, CLIENT_FINAL, COMPLETE, FAILED }

  private final ScramMechanism mechanism;
  private final ScramCrypto crypto;
  private final SaslUserStore users;
  private final Supplier<String> serverNonces;
  private final String failureMessage;

  private State state = State.CLIENT_FIRST;
  private ScramMessages.ClientFirst clientFirst;
  private String serverFirst;
  private String nonce;
  private ScramCredential credential;
  private boolean knownUser;
  private KafkaPrincipal tokenOwner;
  private SaslAuthenticationException refusal;

  ScramServer(ScramMechanism mechanism, SaslUserStore users, Supplier<String> serverNonces) {
    this(mechanism, users, serverNonces, false);
  }

  ScramServer(ScramMechanism mechanism, SaslUserStore users, Supplier<String> serverNonces, boolean reauthentication) {
    this.mechanism = mechanism;
    this.crypto = new ScramCrypto(mechanism);
    this.users = users;
    this.serverNonces = serverNonces;
    // Kafka's authenticator answers every SCRAM failure with this text, whatever the cause.
    this.failureMessage = "Authentication failed during " + (reauthentication ? "re-authentication" : "authentication")
        + " due to invalid credentials with SASL mechanism " + mechanism.mechanismName();
  }

  @Override
  public String mechanismName() {
    return mechanism.mechanismName();
  }

  @Override
  public byte[] evaluateResponse(byte[] response) {
    try {
      switch (state) {
        case CLIENT_FIRST:
          return onClientFirst(response);
        case CLIENT_FINAL:
          return onClientFinal(response);
        default:
          throw new SaslAuthenticationException("Invalid SCRAM exchange: the exchange is over");
      }
    } catch (SaslAuthenticationException e) {
      state = State.FAILED;
      // A refusal of what the client asked for may be told; anything touching the credentials may not.
      throw e == refusal ? e : new SaslAuthenticationException(e.getMessage(), failureMessage);
    }
  }

  private SaslAuthenticationException refuse(String message) {
    refusal = new SaslAuthenticationException(message);
    return refusal;
  }

  private byte[] onClientFirst(byte[] response) {
    clientFirst = ScramMessages.ClientFirst.parse(response);
    if (!clientFirst.authzid().isEmpty() && !clientFirst.authzid().equals(clientFirst.username())) {
      throw refuse("Authentication failed: Client requested an authorization id that is different from username");
    }
    if ("true".equalsIgnoreCase(clientFirst.extensions().get("tokenauth"))) {
      if (!users.acceptsDelegationTokens()) {
        throw refuse("Authentication failed: SCRAM delegation tokens (tokenauth) are not supported");
      }
      ScramTokenCredential token = users.tokenCredential(mechanism, clientFirst.username()).orElse(null);
      credential = token == null ? null : token.credential();
      tokenOwner = token == null ? null : token.owner().asTokenAuthenticated();
    } else {
      credential = users.scramCredential(mechanism, clientFirst.username()).orElse(null);
    }
    knownUser = credential != null;
    if (!knownUser) {
      credential = users.decoyScramCredential(mechanism, clientFirst.username());
    }
    nonce = clientFirst.nonce() + ScramMessages.checkNonce(serverNonces.get(), "server nonce");
    serverFirst = ScramMessages.ServerFirst.write(nonce, credential.salt(), credential.iterations());
    state = State.CLIENT_FINAL;
    return serverFirst.getBytes(StandardCharsets.UTF_8);
  }

  private byte[] onClientFinal(byte[] response) {
    ScramMessages.ClientFinal clientFinal = ScramMessages.ClientFinal.parse(response);
    if (!Arrays.equals(clientFinal.channelBinding(), clientFirst.gs2Header().getBytes(StandardCharsets.UTF_8))) {
      throw ScramMessages.invalid("client-final-message", "the channel binding (c=) does not match the gs2-header");
    }
    if (!clientFinal.nonce().equals(nonce)) {
      throw ScramMessages.invalid("client-final-message", "the nonce (r=) is not the one the server sent");
    }
    byte[] authMessage = (clientFirst.bare() + "," + serverFirst + "," + clientFinal.withoutProof())
        .getBytes(StandardCharsets.UTF_8);
    byte[] storedKey = credential.storedKey();
    byte[] clientSignature = crypto.hmac(storedKey, authMessage);
    byte[] proof = clientFinal.proof();
    boolean proofFits = proof.length == clientSignature.length;
    byte[] clientKey = ScramCrypto.xor(proofFits ? proof : new byte[clientSignature.length], clientSignature);
    boolean valid = MessageDigest.isEqual(crypto.hash(clientKey), storedKey) && proofFits && knownUser;
    if (!valid) {
      throw new SaslAuthenticationException("Authentication failed: Invalid user credentials");
    }
    state = State.COMPLETE;
    byte[] serverSignature = crypto.hmac(credential.serverKey(), authMessage);
    return ("v=" + Base64.getEncoder().encodeToString(serverSignature)).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public boolean isComplete() {
    return state == State.COMPLETE;
  }

  @Override
  public KafkaPrincipal principal() {
    if (state != State.COMPLETE) {
      throw new IllegalStateException(mechanism.mechanismName() + " authentication is not complete");
    }
    return tokenOwner != null ? tokenOwner : KafkaPrincipal.user(clientFirst.username());
  }
}
