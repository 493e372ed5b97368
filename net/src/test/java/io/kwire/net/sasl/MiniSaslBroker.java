package io.kwire.net.sasl;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.ResponseHeader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Just enough of a Kafka broker, over blocking loopback sockets, for Kafka's own client to authenticate
 * against {@link SaslServerAuthenticator}: ApiVersions, SaslHandshake, SaslAuthenticate and Metadata,
 * every frame read and written with kwire's codecs. It keeps the SaslAuthenticate frames Kafka's client
 * sent and counts handshakes, so tests can compare bytes and see re-authentications.
 */
final class MiniSaslBroker implements AutoCloseable {
  private static final DecodeOptions LIMITS = DecodeOptions.STRICT;

  private final SaslServerOptions options;
  private final ServerSocket listener;
  private final Thread acceptor;
  final ConcurrentLinkedQueue<byte[]> authenticateFrames = new ConcurrentLinkedQueue<>();
  final ConcurrentLinkedQueue<String> closes = new ConcurrentLinkedQueue<>();
  final AtomicInteger handshakes = new AtomicInteger();
  /** Handshakes on a connection that had already authenticated: KIP-368 re-authentications. */
  final AtomicInteger reauthentications = new AtomicInteger();
  final AtomicInteger authenticatedRequests = new AtomicInteger();

  MiniSaslBroker(SaslServerOptions options) throws IOException {
    this.options = options;
    this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.acceptor = new Thread(this::acceptLoop, "mini-broker-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  int port() {
    return listener.getLocalPort();
  }

  private void acceptLoop() {
    while (!listener.isClosed()) {
      try {
        Socket socket = listener.accept();
        Thread connection = new Thread(() -> serve(socket), "mini-broker-connection");
        connection.setDaemon(true);
        connection.start();
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket socket) {
    SaslServerAuthenticator authenticator = new SaslServerAuthenticator(options);
    try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
      byte[] frame;
      while ((frame = Frames.readFrame(in, LIMITS)) != null) {
        RawRequestFrame raw = Frames.peekRequest(frame);
        switch (authenticator.admit(raw.apiKey())) {
          case CLOSE:
            closes.add("closed on api key " + raw.apiKey());
            return;
          case PASS:
            if (raw.apiKey() == 18) {
              respond(out, raw, ApiVersionsResponseCodec.INSTANCE, apiVersions());
            } else if (raw.apiKey() == 3) {
              Frames.decodeRequest(frame, MetadataRequestCodec.INSTANCE);
              authenticatedRequests.incrementAndGet();
              respond(out, raw, MetadataResponseCodec.INSTANCE, metadata());
            } else {
              closes.add("unexpected api key " + raw.apiKey());
              return;
            }
            break;
          default:
            if (!authenticate(authenticator, frame, raw, out)) {
              closes.add("closed after a SASL failure");
              return;
            }
        }
      }
    } catch (IOException | RuntimeException e) {
      closes.add(e.toString());
    }
  }

  /** Answers a SASL request; false when the connection is to close. */
  private boolean authenticate(SaslServerAuthenticator authenticator, byte[] frame, RawRequestFrame raw, OutputStream out)
      throws IOException {
    if (raw.apiKey() == 17) {
      handshakes.incrementAndGet();
      if (authenticator.authenticated()) {
        reauthentications.incrementAndGet();
      }
      SaslHandshakeWire.Request request = SaslHandshakeWire.decodeRequest(frame, DecodeOptions.STRICT);
      SaslReply<SaslHandshakeWire.Response> reply = authenticator.handshake(request, raw.apiVersion());
      respond(out, SaslHandshakeWire.encodeResponse(raw.correlationId(), reply.response()));
      return !reply.closeAfterSend();
    }
    authenticateFrames.add(frame);
    SaslAuthenticateWire.Request request = SaslAuthenticateWire.decodeRequest(frame, raw.apiVersion(), DecodeOptions.STRICT);
    SaslReply<SaslAuthenticateWire.Response> reply = authenticator.authenticate(request, raw.apiVersion());
    respond(out, SaslAuthenticateWire.encodeResponse(raw.correlationId(), raw.apiVersion(), reply.response()));
    return !reply.closeAfterSend();
  }

  private static <T> void respond(OutputStream out, RawRequestFrame raw, ApiMessageCodec<T> codec, T body)
      throws IOException {
    out.write(Frames.encodeResponse(new ResponseHeader(raw.correlationId()), codec, raw.apiVersion(), body));
    out.flush();
  }

  private static void respond(OutputStream out, byte[] frame) throws IOException {
    out.write(frame);
    out.flush();
  }

  private static ApiVersionsResponse apiVersions() {
    List<ApiVersionsResponse.ApiVersion> keys = List.of(
        version(3, 4, 12), version(17, 0, 1), version(18, 0, 4), version(36, 0, 2));
    return new ApiVersionsResponse((short) 0, keys, 0, List.of(), -1, List.of(), false, UnknownTaggedFields.EMPTY);
  }

  private static ApiVersionsResponse.ApiVersion version(int key, int min, int max) {
    return new ApiVersionsResponse.ApiVersion((short) key, (short) min, (short) max, UnknownTaggedFields.EMPTY);
  }

  private MetadataResponse metadata() {
    return new MetadataResponseBuilder()
        .brokers(List.of(new MetadataResponseBuilder.MetadataResponseBrokerBuilder()
            .nodeId(0).host("127.0.0.1").port(port()).build()))
        .clusterId("kwire-sasl-test")
        .controllerId(0)
        .topics(List.of())
        .build();
  }

  @Override
  public void close() throws IOException {
    listener.close();
  }
}
