package io.kwire.proxy;

import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.nio.ByteOrder;

/** Splits a Kafka connection's bytes into whole frames, size prefix included. */
final class FrameDecoders {
  private FrameDecoders() {}

  /**
   * A decoder that refuses a size prefix above {@code maxFrameBytes} (or negative) as soon as it
   * reads it, before buffering any of the frame (fail fast); the handler then closes the connection.
   */
  static LengthFieldBasedFrameDecoder create(int maxFrameBytes) {
    int max = (int) Math.min(Integer.MAX_VALUE, 4L + maxFrameBytes);
    return new LengthFieldBasedFrameDecoder(ByteOrder.BIG_ENDIAN, max, 0, 4, 0, 0, true);
  }
}
