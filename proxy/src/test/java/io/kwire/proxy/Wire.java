package io.kwire.proxy;

import io.kwire.messages.ApiVersionsRequest;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;

/** Frames for the tests, built with kwire, and a blocking client socket. */
final class Wire {
  /** Waits up to 10 s for {@code condition}, polling every few milliseconds. */
  static void awaitTrue(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 10 s");
      }
      java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
    }
  }

  private Wire() {}

  static <T> byte[] request(ApiMessageCodec<T> codec, short version, int correlationId, T body) {
    return Frames.encodeRequest(new RequestHeader(codec.apiKey(), version, correlationId, "proxy-test"), codec, body);
  }

  static <T> byte[] response(ApiMessageCodec<T> codec, short version, int correlationId, T body) {
    return Frames.encodeResponse(new ResponseHeader(correlationId), codec, version, body);
  }

  static byte[] apiVersionsRequest(int correlationId) {
    return request(ApiVersionsRequestCodec.INSTANCE, (short) 3, correlationId,
        new ApiVersionsRequest("kwire-test", "1", null, -1, UnknownTaggedFields.EMPTY));
  }

  static byte[] apiVersionsResponse(int correlationId, List<ApiVersionsResponse.ApiVersion> keys) {
    return response(ApiVersionsResponseCodec.INSTANCE, (short) 3, correlationId,
        new ApiVersionsResponse((short) 0, keys, 0, List.of(), -1L, List.of(), false, UnknownTaggedFields.EMPTY));
  }

  static ApiVersionsResponse.ApiVersion api(int key, int min, int max) {
    return new ApiVersionsResponse.ApiVersion((short) key, (short) min, (short) max, UnknownTaggedFields.EMPTY);
  }

  /** The correlation id of a request frame. */
  static int correlationId(byte[] request) {
    return Frames.peekRequest(request).correlationId();
  }

  static Socket connect(InetSocketAddress address) throws IOException {
    Socket socket = new Socket(address.getAddress(), address.getPort());
    socket.setSoTimeout(10_000);
    socket.setTcpNoDelay(true);
    return socket;
  }

  /** The next whole frame, or null at the end of the stream. */
  static byte[] readFrame(Socket socket) throws IOException {
    return Frames.readFrame(socket.getInputStream(), DecodeOptions.STRICT);
  }

  /** Bytes until the peer closes; fails on timeout. */
  static byte[] readToEnd(Socket socket) throws IOException {
    InputStream in = socket.getInputStream();
    return in.readAllBytes();
  }
}
