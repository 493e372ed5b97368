package io.kwire.e2e.differential;

import io.kwire.net.KwireClient;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A scenario's view of one target: a {@code kwire proxy} in front of it whose log records every
 * request and response as Kafka's JSON ({@link #recorded}), and a direct connection for the setup
 * and waiting that must not be part of the comparison ({@link #direct}: how long Kafka takes to
 * elect a leader or load a coordinator is not protocol). The proxy rewrites the addresses of
 * Metadata and FindCoordinator to its own, so a client that follows them stays recorded.
 */
final class Recording implements AutoCloseable {
  private static final String CLIENT_ID = "kwire-differential";

  private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final KwireProxy proxy;
  private final KwireClient recorded;
  private final KwireClient direct;

  Recording(InetSocketAddress target) {
    this.proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), target)
        .withLog(lines::add).withEvents(events::add).withRedactSecrets(false));
    this.recorded = KwireClient.builder().clientId(CLIENT_ID).connect(proxy.localAddress());
    this.direct = KwireClient.builder().clientId(CLIENT_ID).connect(target);
  }

  KwireClient recorded() {
    return recorded;
  }

  KwireClient direct() {
    return direct;
  }

  /** Closes the connections and returns what the proxy logged, in order (one connection: one order). */
  List<Exchange> exchanges() {
    recorded.close();
    direct.close();
    // The log is written by a thread of its own: its last lines may still be on their way.
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (lines.size() < proxy.stats().recodedTotal() && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    if (!events.isEmpty()) {
      throw new AssertionError("the recording proxy reported: " + events);
    }
    List<Exchange> exchanges = new ArrayList<>();
    synchronized (lines) {
      lines.forEach(line -> exchanges.add(Exchange.ofLogLine(line)));
    }
    return exchanges;
  }

  @Override
  public void close() {
    recorded.close();
    direct.close();
    proxy.close();
  }
}
