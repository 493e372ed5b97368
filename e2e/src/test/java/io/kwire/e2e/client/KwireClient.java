package io.kwire.e2e.client;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A blocking Kafka client made of kwire alone: one plain socket, one request at a time. Requests
 * are encoded with {@link Frames#encodeRequest}, responses decoded with {@link Frames#decodeResponse}
 * (strict: every byte read), and each response must carry the correlation id of its request.
 */
public final class KwireClient implements AutoCloseable {
  private static final String CLIENT_ID = "kwire-e2e";
  private static final int READ_TIMEOUT_MS = 30_000;

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private int nextCorrelationId = 1;

  public KwireClient(InetSocketAddress broker) {
    try {
      socket = new Socket();
      socket.connect(broker, 5_000);
      socket.setSoTimeout(READ_TIMEOUT_MS);
      socket.setTcpNoDelay(true);
      in = socket.getInputStream();
      out = new BufferedOutputStream(socket.getOutputStream());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends {@code body} at {@code version} and returns the decoded response body. */
  public <Q, R> R call(ApiMessageCodec<Q> request, ApiMessageCodec<R> response, short version, Q body) {
    return exchange(request, response, version, body).body();
  }

  /** As {@link #call}, with the response header. */
  public <Q, R> DecodedResponse<R> exchange(ApiMessageCodec<Q> request, ApiMessageCodec<R> response, short version,
      Q body) {
    int correlationId = nextCorrelationId();
    byte[] frame = Frames.encodeRequest(new RequestHeader(request.apiKey(), version, correlationId, CLIENT_ID),
        request, body);
    DecodedResponse<R> decoded = Frames.decodeResponse(roundTrip(frame), response, version);
    checkCorrelation(correlationId, decoded.header().correlationId());
    return decoded;
  }

  /** The next correlation id, for a caller that builds its own frame and uses {@link #roundTrip}. */
  public int nextCorrelationId() {
    return nextCorrelationId++;
  }

  /** Writes one whole request frame and reads one whole response frame. */
  public byte[] roundTrip(byte[] requestFrame) {
    try {
      out.write(requestFrame);
      out.flush();
      byte[] response = Frames.readFrame(in, DecodeOptions.STRICT);
      if (response == null) {
        throw new EOFException("the broker closed the connection instead of answering");
      }
      return response;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void checkCorrelation(int sent, int received) {
    if (sent != received) {
      throw new IllegalStateException("response correlation id " + received + " does not match request " + sent);
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // Closing a test connection that already failed is not worth a second failure.
    }
  }
}
