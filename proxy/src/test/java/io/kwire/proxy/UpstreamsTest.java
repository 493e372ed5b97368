package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.net.KwireConnectionException;
import io.kwire.net.sasl.SaslAuthenticationException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
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
        Upstreams.connectFailed(ProxySession.name(BROKER), new KwireConnectionException("cannot connect to " + BROKER, emfile,
            KwireConnectionException.ConnectFailure.OUT_OF_FILE_DESCRIPTORS)));
  }

  @Test
  void refusedCredentialsAreSaidAsSuch() {
    assertEquals("upstream 127.0.0.1:9092 refused the proxy's own SASL credentials (Authentication failed: Invalid"
        + " username or password); closing the client", Upstreams.connectFailed(ProxySession.name(BROKER), new KwireConnectionException(
            "cannot connect", new SaslAuthenticationException("Authentication failed: Invalid username or password"))));
  }

  @Test
  void aRefusalIsARefusal() {
    KwireConnectionException refused = new KwireConnectionException("cannot connect to 127.0.0.1:9092: Connection"
        + " refused", new ConnectException("Connection refused"), KwireConnectionException.ConnectFailure.REFUSED);
    assertEquals("upstream 127.0.0.1:9092 refused the connection (" + refused + "); closing the client",
        Upstreams.connectFailed(ProxySession.name(BROKER), refused));
  }

  /** Issue 29: a broker dropping connection attempts was said to refuse them, 10 s later. */
  @Test
  void aConnectTimeoutIsNotARefusal() {
    java.net.SocketTimeoutException timeout = new java.net.SocketTimeoutException(
        "connection timed out after 10000 ms: /127.0.0.1:9092");
    assertEquals("upstream 127.0.0.1:9092 did not answer the connection attempt within 10 s (timed out: connection"
        + " timed out after 10000 ms: /127.0.0.1:9092); closing the client",
        Upstreams.connectFailed(ProxySession.name(BROKER), new KwireConnectionException("cannot connect", timeout,
            KwireConnectionException.ConnectFailure.TIMED_OUT)));
  }

  @Test
  void anUnreachableHostIsNotARefusal() {
    java.net.NoRouteToHostException unreachable = new java.net.NoRouteToHostException("No route to host");
    assertEquals("upstream 127.0.0.1:9092 could not be connected (" + unreachable + "); closing the client",
        Upstreams.connectFailed(ProxySession.name(BROKER), unreachable));
  }

  @Test
  void aRepeatedFailureIsSaidOncePerIntervalThenWithItsCount() {
    long[] now = {0};
    List<String> lines = new ArrayList<>();
    EventThrottle throttle = new EventThrottle(10, () -> now[0]);
    throttle.event("b:1", "down", lines::add);
    now[0] = 9;
    throttle.event("b:1", "down", lines::add);
    throttle.event("b:1", "down", lines::add);
    throttle.event("c:1", "other", lines::add);
    now[0] = 10;
    throttle.event("b:1", "still down", lines::add);
    throttle.event("b:1", "down", lines::add);
    throttle.cleared("b:1", "up", lines::add);
    throttle.cleared("c:1", "c up", lines::add);
    assertEquals(List.of("down", "other", "still down (2 more since the last line)",
        "up (1 more failures since the last line)"), lines);
  }
}
