package io.kwire.net.sasl;

import io.kwire.net.KafkaPrincipal;
import java.util.Arrays;

/**
 * PLAIN's server side (RFC 4616): one message {@code [authzid] NUL authcid NUL passwd}, checked
 * against the store. As Kafka's, an authorization id other than the user name is refused, and a
 * wrong password and an unknown user get the same answer.
 */
final class PlainServer implements SaslServerMechanism {
  static final String NAME = "PLAIN";

  private final SaslUserStore users;
  private KafkaPrincipal principal;
  private boolean done;

  PlainServer(SaslUserStore users) {
    this.users = users;
  }

  @Override
  public String mechanismName() {
    return NAME;
  }

  @Override
  public byte[] evaluateResponse(byte[] response) {
    if (done) {
      throw new SaslAuthenticationException("Invalid SASL/PLAIN exchange: the exchange is over");
    }
    done = true;
    int first = indexOf(response, 0);
    int second = first < 0 ? -1 : indexOf(response, first + 1);
    if (first < 0 || second < 0 || indexOf(response, second + 1) >= 0) {
      throw new SaslAuthenticationException("Invalid SASL/PLAIN response: expected 3 tokens, got "
          + Math.min(countNuls(response) + 1, 4));
    }
    String authzid = Utf8.decode(response, 0, first, "the authorization id");
    String username = Utf8.decode(response, first + 1, second, "the user name");
    byte[] password = Arrays.copyOfRange(response, second + 1, response.length);
    if (username.isEmpty()) {
      throw new SaslAuthenticationException("Authentication failed: username not specified");
    }
    if (password.length == 0) {
      throw new SaslAuthenticationException("Authentication failed: password not specified");
    }
    boolean valid = users.checkPlainPassword(username, password);
    Arrays.fill(password, (byte) 0);
    if (!valid) {
      throw new SaslAuthenticationException(SaslAuthenticationException.INVALID_USERNAME_OR_PASSWORD);
    }
    if (!authzid.isEmpty() && !authzid.equals(username)) {
      throw new SaslAuthenticationException(
          "Authentication failed: Client requested an authorization id that is different from username");
    }
    principal = KafkaPrincipal.user(username);
    return new byte[0];
  }

  @Override
  public boolean isComplete() {
    return principal != null;
  }

  @Override
  public KafkaPrincipal principal() {
    if (principal == null) {
      throw new IllegalStateException("PLAIN authentication is not complete");
    }
    return principal;
  }

  private static int indexOf(byte[] bytes, int from) {
    for (int i = from; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        return i;
      }
    }
    return -1;
  }

  /** Kafka's server stops splitting at four tokens, and says so: "got 4" for anything longer. */
  private static int countNuls(byte[] bytes) {
    int count = 0;
    for (byte b : bytes) {
      if (b == 0) {
        count++;
      }
    }
    return count;
  }
}
