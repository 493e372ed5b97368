package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.net.KwireConnectionException;
import io.kwire.net.sasl.SaslAuthenticationException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

/** A failed upstream connect in words: running out of file descriptors is not the broker refusing. */
class UpstreamsTest {
  private static final InetSocketAddress BROKER = new InetSocketAddress("127.0.0.1", 9092);

  @Test
  void outOfFileDescriptorsIsSaidAsSuch() {
    IOException emfile = new IOException("Too many open files");
    assertEquals("out of file descriptors (EMFILE/ENFILE: too many open files) connecting to upstream 127.0.0.1:9092;"
        + " raise the limit (ulimit -n) or lower the connections (" + new KwireConnectionException("cannot connect to "
        + BROKER, emfile) + "); closing the client",
        Upstreams.connectFailed(ProxySession.name(BROKER), new KwireConnectionException("cannot connect to " + BROKER, emfile)));
  }

  @Test
  void refusedCredentialsAreSaidAsSuch() {
    assertEquals("upstream 127.0.0.1:9092 refused the proxy's own SASL credentials (Authentication failed: Invalid"
        + " username or password); closing the client", Upstreams.connectFailed(ProxySession.name(BROKER), new KwireConnectionException(
            "cannot connect", new SaslAuthenticationException("Authentication failed: Invalid username or password"))));
  }

  @Test
  void aRefusalIsARefusal() {
    ConnectException refused = new ConnectException("Connection refused");
    assertEquals("upstream 127.0.0.1:9092 refused the connection (" + refused + "); closing the client",
        Upstreams.connectFailed(ProxySession.name(BROKER), refused));
  }
}
