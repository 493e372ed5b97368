package io.kwire.capture;

/**
 * One TCP segment of a packet: its ends, sequence and acknowledgement numbers, flags and payload
 * (a range of the packet's bytes, not copied).
 */
record TcpSegment(Packet packet, Endpoint source, Endpoint destination, int sequence, int acknowledgement,
    int flags, int payloadOffset, int payloadLength) {
  static final int FIN = 0x01;
  static final int SYN = 0x02;
  static final int RST = 0x04;
  static final int ACK = 0x10;

  boolean has(int flag) {
    return (flags & flag) != 0;
  }

  byte[] bytes() {
    return packet.data();
  }
}
