package io.kwire.proxy;

import io.kwire.net.Connection;
import io.kwire.net.KwireClient;
import io.kwire.net.RawRequest;
import io.kwire.net.RawResponse;
import io.kwire.net.RawSession;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.List;
import java.util.function.Supplier;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

/**
 * One client connection of the proxy, on kwire-net: its own upstream connection (a kwire-net client
 * paired with it: one event loop, back-pressure both ways), each request frame forwarded through the
 * proxy's {@link FrameStage} if it has one (the bridge), then the connection's filters by the
 * {@link Forwarder}, each response settled into the request's place in the server's response
 * order. Requests read before the upstream is ready (and the stage has started) wait here, in
 * order. Everything runs on the connection's event loop, so nothing is locked.
 */
final class ProxySession implements RawSession {
  private record Waiting(RawRequest request, RawResponse response) {}

  private final Recoder.Shared shared;
  private final Connection connection;
  private final String name;
  private final Recoder recoder;
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private KwireClient upstream;
  /** The address(es) connected to, for the event lines: the one that accepted once connected. */
  private String upstreamName;
  /** Once connected. */
  private Forwarder forwarder;
  /** Once connected, the proxy's frame stage (the bridge) when it has one, else null. */
  private FrameStage stage;
  private boolean ready;
  /** The client went away, or the proxy gave up the upstream: its close is not an upstream failure. */
  private boolean closing;

  private final Upstreams upstreams;
  /** The broker this connection's port serves, for the metrics: its node id, or "bootstrap". */
  private final String node;
  /** Whether the connection's and its upstream's gauges are given back (once). */
  private boolean clientCounted = true;
  private boolean upstreamCounted;
  /** Whether this connection is counted against its address's bound (given back when it closes). */
  private boolean addressCounted;
  /** The addresses this connection's upstream may be (asked when it connects): see the constructor. */
  private final Supplier<List<InetSocketAddress>> candidates;

  /**
   * A session whose upstream is the broker its route names (SNI), else the first of
   * {@code candidates} (asked when it connects) that accepts: the bootstrap list for the bootstrap
   * port, one broker's current address for that broker's port.
   */
  ProxySession(Recoder.Shared shared, Upstreams upstreams, Connection connection,
      Supplier<List<InetSocketAddress>> candidates, String node) {
    this.shared = shared;
    this.node = node;
    shared.metrics().clientConnected(true);
    this.upstreams = upstreams;
    this.connection = connection;
    this.name = name(connection.remoteAddress());
    this.recoder = new Recoder(shared, name);
    shared.counters().connections.increment();
    this.candidates = candidates;
    int max = shared.config().limits().maxConnectionsPerAddress();
    if (!shared.perAddress().open(connection.remoteAddress(), max)) {
      String address = connection.remoteAddress().getAddress().getHostAddress();
      shared.counters().refusedConnections.increment();
      shared.perAddress().refusals.event(address, "kwire proxy: " + name + ": client address " + address + " has "
          + max + " connections open, the most one address may (maxConnectionsPerAddress); closing this one",
          shared.config().events());
      closing = true;
      connection.close();
      return;
    }
    addressCounted = true;
    if (!upstreams.routed()) {
      connectUpstream();
    }
  }

  /** Connects this connection's own upstream: at once, or (routed) at the first request, after TLS. */
  private void connectUpstream() {
    List<InetSocketAddress> targets;
    try {
      targets = upstreams.routed() ? List.of(upstreams.target(connection)) : candidates.get();
    } catch (IllegalArgumentException e) {
      event(e.getMessage() + "; closing the connection");
      giveUp("no upstream for this connection");
      return;
    }
    upstreamName = String.join(",", targets.stream().map(ProxySession::name).toList());
    Failover.connect(targets, address -> upstreams.connect(connection, address)).whenComplete(this::connected);
  }

  /** kwire-net's caps are positive; a cap of 0 admits only frames of size 0, which no request is. */
  static int maxFrame(ProxyConfig config) {
    return Math.max(1, config.maxFrameBytes());
  }

  private void connected(KwireClient client, Throwable failure) {
    if (failure != null) {
      shared.counters().upstreamFailures.increment();
      upstreams.connectFailed(upstreamName, cause(failure), this::event);
      giveUp("no upstream connection");
      return;
    }
    if (closing) {
      client.close(); // the client left while the upstream connection was being made
      return;
    }
    upstream = client;
    upstreams.connected(upstreamName, this::event);
    shared.metrics().upstreamConnected(node, true);
    upstreamCounted = true;
    upstreamName = name(client.remoteAddress());
    client.whenClosed().thenRun(this::upstreamClosed);
    FilterChain chain;
    try {
      chain = FilterChain.of(shared.filters(), shared.registry(), shared.outcomes());
    } catch (RuntimeException e) { // a user's filter that cannot register: its message says why
      event("a filter failed to register (" + e + "); closing the connection");
      giveUp("a filter failed to register");
      return;
    }
    Forwarder.Failures failures = new Forwarder.Failures() {
      @Override
      public String upstreamFailed(RawRequest request, Throwable failure, boolean answered) {
        return ProxySession.this.upstreamFailed(request, failure, answered);
      }

      @Override
      public void fail(String text, String reason) {
        event(text);
        giveUp(reason);
      }
    };
    forwarder = new Forwarder(shared, recoder, chain, connection, name, client, failures);
    stage = shared.stage() == null ? null : shared.stage().create(shared, recoder, name, failures);
    byte[] first = stage == null ? null : stage.startFrame();
    if (first == null) {
      start();
      return;
    }
    // The client is served once the stage has the answer to its first frame.
    client.sendFrame(first).whenComplete((frame, error) -> {
      if (error != null) {
        upstreamFailed(null, error, false);
        return;
      }
      try {
        stage.started(frame);
      } catch (RuntimeException e) {
        event(stage.name() + ": " + e.getMessage() + "; closing the connection");
        giveUp("the " + stage.name() + " could not start");
        return;
      }
      start();
    });
  }

  private void start() {
    ready = true;
    for (Waiting w; (w = waiting.poll()) != null; ) {
      forward(w.request(), w.response());
    }
  }

  @Override
  public void handle(RawRequest request, RawResponse response) {
    try {
      if (!closing && upstreamName == null) {
        connectUpstream(); // routed: the TLS handshake is done by the first request
      }
      if (closing) {
        response.closeWithoutLog(); // what closed it has been said (or the client left)
      } else if (!ready) {
        waiting.add(new Waiting(request, response));
      } else {
        forward(request, response);
      }
    } catch (Throwable t) { // rethrown to kwire-net, which closes the connection; an Error also ends the process
      FatalErrors.report(shared.config(), t);
      throw t;
    }
  }

  /** {@code request} through the frame stage, if any, then the filters. */
  private void forward(RawRequest request, RawResponse response) {
    if (stage == null) {
      forwarder.forward(request, response);
      return;
    }
    try {
      stage.request(request, response, forwarder::forward);
    } catch (RuntimeException e) {
      event(stage.name() + ": request " + request.apiKey() + " v" + request.apiVersion() + " correlation id "
          + request.correlationId() + " failed (" + e + "); closing the connection");
      response.closeWithoutLog(); // the event above says why
      giveUp("the " + stage.name() + " failed on a request");
    }
  }

  /**
   * Why the client connection closes after a forwarded request failed, or null when an event line
   * of the session says it (then kwire-net writes none); a timeout gives the upstream up.
   */
  private String upstreamFailed(RawRequest request, Throwable failure, boolean answered) {
    Throwable cause = cause(failure);
    String what = request == null ? stage.startFrameName() : "request " + shared.names().name(request.apiKey())
        + " v" + request.apiVersion() + " correlation id " + request.correlationId();
    boolean said = false;
    if (cause instanceof TimeoutException && !closing) {
      shared.counters().upstreamFailures.increment();
      // The time counted is the broker's: not while the proxy held its answers back for a client not reading.
      event("upstream " + upstreamName + " did not answer " + what + " within "
          + shared.config().requestTimeout().toMillis() + " ms; "
          + (answered ? "answered REQUEST_TIMED_OUT, closing the connection" : "closing the connection"));
      giveUp("no response from the upstream");
      said = true;
    } else if (cause.getCause() instanceof TooLongFrameException || cause.getCause() instanceof CorruptedFrameException) {
      shared.counters().refusedFrames.increment();
      event("response frame refused, closing the connection: " + cause.getCause().getMessage());
      said = true;
    } else if (closing) {
      said = true; // what gave the connection up has been said (or the client left)
    } else if (upstream != null && !upstream.isOpen()) {
      upstreamClosed(); // its line is the event, whichever of the two is seen first
      said = true;
    }
    if (request == null) {
      giveUp(stage.startFrameName() + " failed");
    }
    return said ? null : "no response from the upstream to " + what + " (" + cause.getMessage() + ")";
  }

  private void upstreamClosed() {
    if (upstreamCounted) {
      upstreamCounted = false;
      shared.metrics().upstreamConnected(node, false);
    }
    // A client connection already closed is no upstream failure, though its close may not have reached
    // this session yet: a stopping proxy's event loop closes the upstream before it runs that task.
    if (closing || !connection.isOpen()) {
      return;
    }
    shared.counters().upstreamFailures.increment();
    event("upstream " + upstreamName + " closed the connection; closing the client");
    giveUp("the upstream closed the connection");
  }

  /** Closes both sides; the client still gets the responses settled before. */
  private void giveUp(String reason) {
    if (closing) {
      return;
    }
    closing = true;
    for (Waiting w; (w = waiting.poll()) != null; ) {
      w.response().none(); // the session's own event line says why; kwire-net's close line would repeat it
    }
    connection.close();
    if (upstream != null) {
      upstream.close();
    }
  }

  /** {@link #refused} writes the event: kwire-net's own line would repeat it. */
  @Override
  public boolean logsRefusals() {
    return true;
  }

  @Override
  public void refused(String reason) {
    try {
      shared.counters().refusedFrames.increment();
      event("request frame refused, closing the connection: " + reason);
    } catch (Throwable t) { // rethrown to kwire-net, which closes the connection; an Error also ends the process
      FatalErrors.report(shared.config(), t);
      throw t;
    }
  }

  @Override
  public void closed() {
    if (clientCounted) {
      clientCounted = false;
      shared.metrics().clientConnected(false);
    }
    if (addressCounted) {
      addressCounted = false;
      shared.perAddress().closed(connection.remoteAddress());
    }
    closing = true;
    waiting.clear();
    if (upstream != null) {
      upstream.close();
    }
  }

  private static Throwable cause(Throwable failure) {
    return failure instanceof CompletionException c && c.getCause() != null ? c.getCause() : failure;
  }

  static String name(InetSocketAddress a) {
    return a == null ? "?" : a.getHostString() + ":" + a.getPort();
  }

  private void event(String text) {
    shared.config().events().accept("kwire proxy: " + name + ": " + text);
  }
}
