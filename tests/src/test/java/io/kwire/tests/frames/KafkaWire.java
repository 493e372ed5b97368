package io.kwire.tests.frames;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.apache.kafka.common.network.Send;
import org.apache.kafka.common.network.TransferableChannel;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.SendBuilder;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.requests.ResponseHeader;

/**
 * Frames exactly as kafka-clients 4.4.0 puts them on a connection: SendBuilder, the code its
 * network layer uses (size prefix, header at the version ApiKeys picks, body, records passed
 * through without copying), drained into a byte array.
 */
final class KafkaWire {
  private KafkaWire() {}

  static byte[] request(ApiKeys api, short version, String clientId, int correlationId, Message body) {
    return drain(SendBuilder.buildRequestSend(new RequestHeader(api, version, clientId, correlationId), body));
  }

  static byte[] response(ApiKeys api, short version, int correlationId, Message body) {
    ResponseHeader header = new ResponseHeader(correlationId, api.responseHeaderVersion(version));
    return drain(SendBuilder.buildResponseSend(header, body, version));
  }

  private static byte[] drain(Send send) {
    ByteArrayChannel channel = new ByteArrayChannel();
    try {
      while (!send.completed()) {
        send.writeTo(channel);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    byte[] bytes = channel.out.toByteArray();
    if (bytes.length != send.size()) {
      throw new IllegalStateException("Kafka announced " + send.size() + " bytes but wrote " + bytes.length);
    }
    return bytes;
  }

  /** A channel that keeps everything written to it. */
  private static final class ByteArrayChannel implements TransferableChannel {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @Override
    public int write(ByteBuffer src) {
      int n = src.remaining();
      byte[] b = new byte[n];
      src.get(b);
      out.writeBytes(b);
      return n;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
      long n = 0;
      for (int i = offset; i < offset + length; i++) {
        n += write(srcs[i]);
      }
      return n;
    }

    @Override
    public long write(ByteBuffer[] srcs) {
      return write(srcs, 0, srcs.length);
    }

    @Override
    public boolean hasPendingWrites() {
      return false;
    }

    @Override
    public long transferFrom(FileChannel fileChannel, long position, long count) {
      throw new UnsupportedOperationException("only in-memory records here");
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }
}
