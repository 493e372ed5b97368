package io.kwire.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/** One frame as the length-field decoder hands it over, copied out to the codecs' byte[] and released. */
final class FrameBytes {
  private FrameBytes() {}

  static byte[] take(Object msg) {
    ByteBuf frame = (ByteBuf) msg;
    try {
      return ByteBufUtil.getBytes(frame);
    } finally {
      frame.release();
    }
  }
}
