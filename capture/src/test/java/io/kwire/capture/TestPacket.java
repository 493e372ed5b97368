package io.kwire.capture;

import java.nio.ByteBuffer;

/** A TCP segment to write into a test capture, and its bytes from IP up. */
record TestPacket(long timeNanos, Endpoint source, Endpoint destination, int sequence, int acknowledgement, int flags,
    byte[] payload) {

  /** The IPv4 or IPv6 packet (by the source address) carrying the segment; checksums are left 0. */
  byte[] ip() {
    byte[] tcp = tcp();
    byte[] src = source.address().getAddress();
    byte[] dst = destination.address().getAddress();
    if (src.length == 4) {
      ByteBuffer b = ByteBuffer.allocate(20 + tcp.length);
      b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + tcp.length)).putShort((short) 1).putShort((short) 0x4000)
          .put((byte) 64).put((byte) 6).putShort((short) 0).put(src).put(dst).put(tcp);
      return b.array();
    }
    ByteBuffer b = ByteBuffer.allocate(40 + tcp.length);
    b.putInt(0x60000000).putShort((short) tcp.length).put((byte) 6).put((byte) 64).put(src).put(dst).put(tcp);
    return b.array();
  }

  private byte[] tcp() {
    ByteBuffer b = ByteBuffer.allocate(20 + payload.length);
    b.putShort((short) source.port()).putShort((short) destination.port()).putInt(sequence).putInt(acknowledgement)
        .put((byte) 0x50).put((byte) flags).putShort((short) 65535).putShort((short) 0).putShort((short) 0)
        .put(payload);
    return b.array();
  }
}
