package io.kwire.net;

import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.TooLongFrameException;
import java.nio.ByteOrder;
import java.util.function.BooleanSupplier;

/** Splits a Kafka connection's bytes into whole frames, size prefix included. */
final class FrameDecoders {
  private FrameDecoders() {}

  /**
   * A decoder that refuses a negative size prefix ({@code CorruptedFrameException}) or one above
   * {@code maxFrameSize} ({@code TooLongFrameException}, fail fast) as soon as it reads it, before
   * buffering any of the frame. A frame's buffer grows with the bytes that arrive, not with its claim.
   */
  static LengthFieldBasedFrameDecoder create(int maxFrameSize) {
    int max = (int) Math.min(Integer.MAX_VALUE, 4L + maxFrameSize);
    return new LengthFieldBasedFrameDecoder(ByteOrder.BIG_ENDIAN, max, 0, 4, 0, 0, true);
  }

  /**
   * {@link #create(int)} with a second, smaller cap while {@code beforeAuthentication} is true (Kafka's
   * {@code sasl.server.max.receive.size}), checked as each size prefix is read.
   */
  static LengthFieldBasedFrameDecoder create(int maxFrameSize, int maxBeforeAuthentication,
      BooleanSupplier beforeAuthentication) {
    if (maxBeforeAuthentication >= maxFrameSize) {
      return create(maxFrameSize);
    }
    int max = (int) Math.min(Integer.MAX_VALUE, 4L + maxFrameSize);
    return new LengthFieldBasedFrameDecoder(ByteOrder.BIG_ENDIAN, max, 0, 4, 0, 0, true) {
      @Override
      protected long getUnadjustedFrameLength(ByteBuf buf, int offset, int length, ByteOrder order) {
        long size = super.getUnadjustedFrameLength(buf, offset, length, order);
        if (size > maxBeforeAuthentication && beforeAuthentication.getAsBoolean()) {
          throw new TooLongFrameException("a frame of " + size + " bytes before authentication; at most "
              + maxBeforeAuthentication + " (sasl.server.max.receive.size)");
        }
        return size;
      }
    };
  }
}
