package io.kwire.net.internal;

import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.nio.ByteOrder;

/** Splits a Kafka connection's bytes into whole frames, size prefix included. */
public final class FrameDecoders {
  private FrameDecoders() {}

  /**
   * A decoder that refuses a negative size prefix ({@code CorruptedFrameException}) or one above
   * {@code maxFrameSize} ({@code TooLongFrameException}, fail fast) as soon as it reads it, before
   * buffering any of the frame. A frame's buffer grows with the bytes that arrive, not with its claim.
   */
  public static LengthFieldBasedFrameDecoder create(int maxFrameSize) {
    int max = (int) Math.min(Integer.MAX_VALUE, 4L + maxFrameSize);
    return new LengthFieldBasedFrameDecoder(ByteOrder.BIG_ENDIAN, max, 0, 4, 0, 0, true);
  }
}
