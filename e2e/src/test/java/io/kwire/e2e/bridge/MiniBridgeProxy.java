package io.kwire.e2e.bridge;

import io.kwire.bridge.BridgeTranslator;
import io.kwire.bridge.RequestTranslation;
import io.kwire.bridge.ResponseTranslation;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodeOptions;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireProtocolException;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test-only stand-in for the {@code kwire bridge} proxy, until the Netty one exists: a thread per
 * client connection, one upstream connection each, one request at a time (pipelined requests wait
 * in the socket, so order is kept). It does what the proxy will do around {@link BridgeTranslator}:
 * asks the broker's ApiVersions once per connection, decodes each request, forwards, translates,
 * or answers locally, and rewrites the broker addresses in Metadata and FindCoordinator answers to
 * its own, so that clients stay on it.
 */
final class MiniBridgeProxy implements AutoCloseable {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  private final InetSocketAddress upstream;
  private final ServerSocket server;
  private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
  /** Every note and reason the translations gave, for the test to show. */
  final List<String> notes = Collections.synchronizedList(new ArrayList<>());
  /** Requests sent upstream at another version than the client's, or answered by the bridge itself. */
  final AtomicInteger translated = new AtomicInteger();

  MiniBridgeProxy(InetSocketAddress upstream) throws IOException {
    this.upstream = upstream;
    this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(this::accept, "mini-bridge-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  String bootstrap() {
    return "127.0.0.1:" + server.getLocalPort();
  }

  private void accept() {
    while (!server.isClosed()) {
      try {
        Socket client = server.accept();
        sockets.add(client);
        Thread t = new Thread(() -> serve(client), "mini-bridge-" + client.getPort());
        t.setDaemon(true);
        t.start();
      } catch (IOException e) {
        return; // closed
      }
    }
  }

  private void serve(Socket client) {
    try (client; Socket up = new Socket()) {
      sockets.add(up);
      up.connect(upstream, 5000);
      InputStream clientIn = client.getInputStream();
      OutputStream clientOut = client.getOutputStream();
      InputStream upIn = up.getInputStream();
      OutputStream upOut = up.getOutputStream();
      BridgeTranslator translator = new BridgeTranslator(brokerApiVersions(upIn, upOut));
      byte[] frame;
      while ((frame = Frames.readFrame(clientIn, DecodeOptions.STRICT)) != null) {
        byte[] answer = handle(translator, frame, upIn, upOut);
        if (answer != null) {
          clientOut.write(answer);
          clientOut.flush();
        }
      }
    } catch (IOException | RuntimeException e) {
      notes.add("connection closed: " + e);
    }
  }

  private static ApiVersionsResponse brokerApiVersions(InputStream upIn, OutputStream upOut) throws IOException {
    short version = 0; // every broker answers version 0
    upOut.write(Frames.encodeRequest(new RequestHeader((short) 18, version, -1, "kwire-bridge"),
        ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder().build()));
    upOut.flush();
    return Frames.decodeResponse(Frames.readFrame(upIn, DecodeOptions.STRICT), ApiVersionsResponseCodec.INSTANCE,
        version).body();
  }

  /** The frame to send back to the client, or null when it expects none. */
  @SuppressWarnings("unchecked")
  private byte[] handle(BridgeTranslator translator, byte[] frame, InputStream upIn, OutputStream upOut)
      throws IOException {
    RawRequestFrame raw = Frames.peekRequest(frame);
    RequestHeader header;
    Object body;
    try {
      DecodedRequest<?> decoded = Frames.decodeRequest(frame, REGISTRY);
      header = decoded.header();
      body = decoded.body();
    } catch (KwireProtocolException e) {
      if (raw.apiKey() != 18) {
        throw e;
      }
      header = new RequestHeader(raw.apiKey(), raw.apiVersion(), raw.correlationId(), null);
      body = null; // an ApiVersions version kwire cannot read: the bridge answers the fallback
    }
    ApiMessageCodec<Object> responseCodec = (ApiMessageCodec<Object>) REGISTRY.response(raw.apiKey());
    ResponseHeader responseHeader = new ResponseHeader(raw.correlationId());
    RequestTranslation t = translator.translateRequest(header, body);
    if (t instanceof RequestTranslation.LocalResponse local) {
      translated.incrementAndGet();
      notes.add(local.reason());
      return local.expectsResponse()
          ? Frames.encodeResponse(responseHeader, responseCodec, local.responseVersion(), local.response()) : null;
    }
    short upstreamVersion = raw.apiVersion();
    if (t instanceof RequestTranslation.Translated tr) {
      notes.addAll(tr.notes());
      upstreamVersion = tr.upstreamHeader().requestApiVersion();
      if (upstreamVersion != raw.apiVersion()) {
        translated.incrementAndGet();
      }
      upOut.write(Frames.encodeRequest(tr.upstreamHeader(), (ApiMessageCodec<Object>) REGISTRY.request(raw.apiKey()),
          tr.upstreamRequest()));
    } else {
      upOut.write(frame);
    }
    upOut.flush();
    if (!t.expectsResponse()) {
      return null;
    }
    byte[] responseFrame = Frames.readFrame(upIn, DecodeOptions.STRICT);
    if (responseFrame == null) {
      throw new IOException("the broker closed the connection");
    }
    Object response = Frames.decodeResponse(responseFrame, responseCodec, upstreamVersion).body();
    if (t instanceof RequestTranslation.Translated tr) {
      ResponseTranslation back = tr.translateResponse(response);
      notes.addAll(back.notes());
      response = back.response();
    }
    return Frames.encodeResponse(responseHeader, responseCodec, raw.apiVersion(), rewriteAddresses(response));
  }

  /** Metadata's brokers and FindCoordinator's coordinator point at this proxy. */
  private Object rewriteAddresses(Object response) {
    String host = "127.0.0.1";
    int port = server.getLocalPort();
    if (response instanceof MetadataResponse m) {
      List<MetadataResponse.MetadataResponseBroker> brokers = new ArrayList<>();
      for (MetadataResponse.MetadataResponseBroker b : m.brokers()) {
        brokers.add(new MetadataResponseBuilder.MetadataResponseBrokerBuilder(b).host(host).port(port).build());
      }
      return new MetadataResponseBuilder(m).brokers(brokers).build();
    }
    if (response instanceof FindCoordinatorResponse f) {
      List<FindCoordinatorResponse.Coordinator> coordinators = new ArrayList<>();
      for (FindCoordinatorResponse.Coordinator c : f.coordinators()) {
        coordinators.add(new FindCoordinatorResponseBuilder.CoordinatorBuilder(c).host(host).port(port).build());
      }
      return new FindCoordinatorResponseBuilder(f).host(f.host().isEmpty() ? f.host() : host).port(f.host().isEmpty()
          ? f.port() : port).coordinators(coordinators).build();
    }
    return response;
  }

  @Override
  public void close() throws IOException {
    server.close();
    synchronized (sockets) {
      for (Socket s : sockets) {
        s.close();
      }
    }
  }
}
