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
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

/**
 * One client connection of the proxy, on kwire-net: its own upstream connection (a kwire-net client
 * paired with it: one event loop, back-pressure both ways), each request frame forwarded through the
 * connection's filters by the {@link Forwarder} (or, in bridge mode, the {@link BridgeSession}: the
 * one part of the proxy not yet a filter), each response settled into the request's place in the
 * server's response order. Requests read before the upstream is ready wait here, in order.
 * Everything runs on the connection's event loop, so nothing is locked.
 */
final class ProxySession implements RawSession {
  private record Waiting(RawRequest request, RawResponse response) {}

  private final Recoder.Shared shared;
  private final Connection connection;
  private final String name;
  private final Recoder recoder;
  /** Bridge mode only, else null. */
  private final BridgeSession bridge;
  /** Bridge mode: the places of the responses the client is owed, in request order. */
  private final ArrayDeque<RawResponse> owed = new ArrayDeque<>();
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private KwireClient upstream;
  /** The address(es) connected to, for the event lines: the one that accepted once connected. */
  private String upstreamName;
  /** Once connected, outside bridge mode. */
  private Forwarder forwarder;
  private boolean ready;
  /** The client went away, or the proxy gave up the upstream: its close is not an upstream failure. */
  private boolean closing;

  private final Upstreams upstreams;
  /** The addresses this connection's upstream may be (asked when it connects): see the constructor. */
  private final Supplier<List<InetSocketAddress>> candidates;

  /**
   * A session whose upstream is the broker its route names (SNI), else the first of
   * {@code candidates} (asked when it connects) that accepts: the bootstrap list for the bootstrap
   * port, one broker's current address for that broker's port.
   */
  ProxySession(Recoder.Shared shared, Upstreams upstreams, Connection connection,
      Supplier<List<InetSocketAddress>> candidates) {
    this.shared = shared;
    this.upstreams = upstreams;
    this.connection = connection;
    this.name = name(connection.remoteAddress());
    this.recoder = new Recoder(shared, name);
    this.bridge = shared.config().bridge() ? new BridgeSession(recoder, shared, name) : null;
    shared.counters().connections.increment();
    this.candidates = candidates;
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
      event(Upstreams.connectFailed(upstreamName, cause(failure)));
      giveUp("the upstream refused the connection");
      return;
    }
    if (closing) {
      client.close(); // the client left while the upstream connection was being made
      return;
    }
    upstream = client;
    upstreamName = name(client.remoteAddress());
    client.whenClosed().thenRun(this::upstreamClosed);
    if (bridge == null) {
      FilterChain chain;
      try {
        chain = FilterChain.of(shared.filters(), shared.registry());
      } catch (RuntimeException e) { // a user's filter that cannot register: its message says why
        event("a filter failed to register (" + e + "); closing the connection");
        giveUp("a filter failed to register");
        return;
      }
      forwarder = new Forwarder(shared, recoder, chain, connection, name, client, new Forwarder.Failures() {
        @Override
        public String upstreamFailed(RawRequest request, Throwable failure) {
          return ProxySession.this.upstreamFailed(request, failure);
        }

        @Override
        public void fail(String text, String reason) {
          event(text);
          giveUp(reason);
        }
      });
      start();
      return;
    }
    // The client is served once the broker's ApiVersions is in.
    client.sendFrame(BridgeSession.brokerApiVersionsRequest()).whenComplete((frame, error) -> {
      if (error != null) {
        upstreamFailed(null, error);
        return;
      }
      try {
        bridge.start(frame);
      } catch (RuntimeException e) {
        event("bridge: " + e.getMessage() + "; closing the connection");
        giveUp("the bridge could not start");
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
        response.close("the upstream connection is gone");
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

  private void forward(RawRequest request, RawResponse response) {
    if (bridge != null) {
      bridged(request, response);
    } else {
      forwarder.forward(request, response);
    }
  }

  private void bridged(RawRequest request, RawResponse response) {
    List<byte[]> toClient = new ArrayList<>(1);
    int before = bridge.owed();
    byte[] out;
    try {
      out = bridge.request(request.frame(), toClient);
    } catch (RuntimeException e) {
      event("bridge: request " + request.apiKey() + " v" + request.apiVersion() + " correlation id "
          + request.correlationId() + " failed (" + e + "); closing the connection");
      response.close("the bridge failed on a request");
      giveUp("the bridge failed on a request");
      return;
    }
    if (bridge.owed() - before + toClient.size() > 0) {
      owed.add(response);
    } else {
      response.none();
    }
    answer(toClient);
    if (out != null) {
      sendBridged(request, out);
    }
  }

  private void sendBridged(RawRequest request, byte[] frame) {
    upstream.sendFrame(frame).whenComplete((answer, failure) -> {
      if (failure != null) {
        String reason = upstreamFailed(request, failure);
        for (RawResponse r; (r = owed.poll()) != null; ) {
          r.close(reason);
        }
      } else if (answer != null) {
        bridgedResponse(request, answer);
      }
    });
  }

  private void bridgedResponse(RawRequest request, byte[] frame) {
    List<byte[]> toClient = new ArrayList<>(1);
    List<byte[]> toUpstream = new ArrayList<>(0);
    try {
      bridge.response(frame, toClient, toUpstream);
    } catch (RuntimeException e) {
      event("bridge: " + e.getMessage() + "; closing the connection");
      giveUp("the bridge could not translate a response");
      return;
    }
    answer(toClient);
    for (byte[] again : toUpstream) {
      sendBridged(request, again);
    }
  }

  /** The bridge's answers, ready in request order, into the places owed. */
  private void answer(List<byte[]> toClient) {
    for (byte[] frame : toClient) {
      RawResponse next = owed.poll();
      if (next == null) {
        event("bridge: a response matches no request; closing the connection");
        giveUp("a response matches no request");
        return;
      }
      next.send(frame);
    }
  }

  /** Why the client connection closes after a forwarded request failed; a timeout gives the upstream up. */
  private String upstreamFailed(RawRequest request, Throwable failure) {
    Throwable cause = cause(failure);
    String what = request == null ? "the bridge's ApiVersions" : "request " + shared.names().name(request.apiKey())
        + " v" + request.apiVersion() + " correlation id " + request.correlationId();
    if (cause instanceof TimeoutException && !closing) {
      shared.counters().upstreamFailures.increment();
      event("upstream " + upstreamName + " sent no response to " + what + " within "
          + shared.config().requestTimeout().toMillis() + " ms; closing the connection");
      giveUp("no response from the upstream");
    } else if (cause.getCause() instanceof TooLongFrameException || cause.getCause() instanceof CorruptedFrameException) {
      shared.counters().refusedFrames.increment();
      event("response frame refused, closing the connection: " + cause.getCause().getMessage());
    }
    if (request == null) {
      giveUp("the bridge's ApiVersions failed");
    }
    return "no response from the upstream to " + what + " (" + cause.getMessage() + ")";
  }

  private void upstreamClosed() {
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
      w.response().close(reason);
    }
    for (RawResponse r; (r = owed.poll()) != null; ) {
      r.close(reason);
    }
    connection.close();
    if (upstream != null) {
      upstream.close();
    }
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
    closing = true;
    waiting.clear();
    owed.clear();
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
