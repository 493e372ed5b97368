package io.kwire.net.sasl;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** PLAIN's client side (RFC 4616): sends {@code NUL username NUL password}, as Kafka's client does. */
final class PlainClient implements SaslClientMechanism {
  private final String username;
  private final String password;
  private boolean sent;

  PlainClient(String username, String password) {
    if (username.isEmpty() || password.isEmpty() || username.indexOf('\0') >= 0 || password.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a PLAIN user name and password must be non-empty and hold no NUL");
    }
    this.username = username;
    this.password = password;
  }

  @Override
  public String mechanismName() {
    return PlainServer.NAME;
  }

  @Override
  public byte[] initialResponse() {
    if (sent) {
      throw new IllegalStateException("the PLAIN response was already made");
    }
    sent = true;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0);
    out.writeBytes(username.getBytes(StandardCharsets.UTF_8));
    out.write(0);
    out.writeBytes(password.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  @Override
  public byte[] evaluateChallenge(byte[] challenge) {
    if (!sent) {
      throw new IllegalStateException("initialResponse() comes first");
    }
    // The server answers PLAIN with an empty token; anything else is not PLAIN.
    if (challenge.length != 0) {
      throw new SaslAuthenticationException("Invalid SASL/PLAIN challenge: the server sent " + challenge.length
          + " bytes where PLAIN expects none");
    }
    return new byte[0];
  }

  @Override
  public boolean isComplete() {
    return sent;
  }
}
