package io.kwire.e2e.bridge;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/** One plain-socket connection to the broker, requests encoded and responses decoded by kwire. */
final class BrokerSocket implements AutoCloseable {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  private final Socket socket = new Socket();
  private final InputStream in;
  private final OutputStream out;
  private int correlationId;

  BrokerSocket(InetSocketAddress broker) throws IOException {
    socket.connect(broker, 5000);
    socket.setSoTimeout(15_000);
    in = socket.getInputStream();
    out = socket.getOutputStream();
  }

  /** Sends a request; the header carries the next correlation id. */
  @SuppressWarnings("unchecked")
  RequestHeader send(short apiKey, short version, Object body) throws IOException {
    RequestHeader header = new RequestHeader(apiKey, version, ++correlationId, "kwire-bridge-e2e");
    send(header, body);
    return header;
  }

  @SuppressWarnings("unchecked")
  void send(RequestHeader header, Object body) throws IOException {
    ApiMessageCodec<Object> codec = (ApiMessageCodec<Object>) REGISTRY.request(header.requestApiKey());
    out.write(Frames.encodeRequest(header, codec, body));
    out.flush();
  }

  /** The response to a request of {@code apiKey} at {@code version}; null when the broker closed the connection. */
  @SuppressWarnings("unchecked")
  Object receive(short apiKey, short version) throws IOException {
    byte[] frame;
    try {
      frame = Frames.readFrame(in, DecodeOptions.STRICT);
    } catch (IOException e) {
      return null; // reset by the broker
    }
    if (frame == null) {
      return null;
    }
    ApiMessageCodec<Object> codec = (ApiMessageCodec<Object>) REGISTRY.response(apiKey);
    return Frames.decodeResponse(frame, codec, version).body();
  }

  /** Sends and waits for the response. */
  Object call(short apiKey, short version, Object body) throws IOException {
    send(apiKey, version, body);
    return receive(apiKey, version);
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
