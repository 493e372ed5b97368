package io.kwire.bench.capture;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes a little-endian microsecond pcap of Ethernet/IPv4/TCP packets, streaming: the bench's
 * captures are larger than a heap should hold. TCP state per direction is the caller's
 * ({@link Flow}); checksums are left zero, as a capture taken with checksum offload has them.
 */
final class PcapWriter implements AutoCloseable {
  static final int SEGMENT = 1448;
  private static final int HEADERS = 14 + 20 + 20;

  private final OutputStream out;
  private final byte[] packet = new byte[16 + HEADERS + SEGMENT];
  private long bytes;

  PcapWriter(OutputStream out) throws IOException {
    this.out = out;
    byte[] header = new byte[24];
    le32(header, 0, 0xa1b2c3d4);
    le16(header, 4, 2);
    le16(header, 6, 4);
    le32(header, 16, 65535);
    le32(header, 20, 1); // Ethernet
    write(header, header.length);
  }

  /** One direction of a TCP connection: its addresses, ports and next sequence number. */
  static final class Flow {
    final int sourceIp;
    final int destinationIp;
    final int sourcePort;
    final int destinationPort;
    int sequence;
    Flow reverse;

    Flow(int sourceIp, int sourcePort, int destinationIp, int destinationPort, int initialSequence) {
      this.sourceIp = sourceIp;
      this.sourcePort = sourcePort;
      this.destinationIp = destinationIp;
      this.destinationPort = destinationPort;
      this.sequence = initialSequence;
    }
  }

  /** A SYN each way then an ACK, so that the reader sees the connection start. */
  void handshake(Flow client, long timeMicros) throws IOException {
    segment(client, timeMicros, 0x02, new byte[0], 0, 0);
    client.sequence++;
    segment(client.reverse, timeMicros, 0x12, new byte[0], 0, 0);
    client.reverse.sequence++;
    segment(client, timeMicros, 0x10, new byte[0], 0, 0);
  }

  /** {@code data} in segments of at most {@link #SEGMENT} bytes, PSH on the last. */
  void send(Flow flow, long timeMicros, byte[] data) throws IOException {
    for (int at = 0; at < data.length; at += SEGMENT) {
      int length = Math.min(SEGMENT, data.length - at);
      segment(flow, timeMicros, at + length == data.length ? 0x18 : 0x10, data, at, length);
      flow.sequence += length;
    }
  }

  long bytes() {
    return bytes;
  }

  private void segment(Flow flow, long timeMicros, int flags, byte[] data, int offset, int length)
      throws IOException {
    byte[] p = packet;
    java.util.Arrays.fill(p, 0, 16 + HEADERS, (byte) 0);
    le32(p, 0, (int) (timeMicros / 1_000_000));
    le32(p, 4, (int) (timeMicros % 1_000_000));
    le32(p, 8, HEADERS + length);
    le32(p, 12, HEADERS + length);
    int e = 16;
    p[e + 5] = 1; // destination MAC 00:00:00:00:00:01
    p[e + 11] = 2;
    p[e + 12] = 0x08; // IPv4
    int ip = e + 14;
    p[ip] = 0x45;
    be16(p, ip + 2, 20 + 20 + length);
    p[ip + 8] = 64;
    p[ip + 9] = 6;
    be32(p, ip + 12, flow.sourceIp);
    be32(p, ip + 16, flow.destinationIp);
    int tcp = ip + 20;
    be16(p, tcp, flow.sourcePort);
    be16(p, tcp + 2, flow.destinationPort);
    be32(p, tcp + 4, flow.sequence);
    be32(p, tcp + 8, (flags & 0x10) != 0 ? flow.reverse.sequence : 0);
    p[tcp + 12] = 0x50;
    p[tcp + 13] = (byte) flags;
    be16(p, tcp + 14, 65535);
    System.arraycopy(data, offset, p, 16 + HEADERS, length);
    write(p, 16 + HEADERS + length);
  }

  private void write(byte[] b, int length) throws IOException {
    out.write(b, 0, length);
    bytes += length;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  private static void le16(byte[] b, int at, int v) {
    b[at] = (byte) v;
    b[at + 1] = (byte) (v >>> 8);
  }

  private static void le32(byte[] b, int at, int v) {
    le16(b, at, v);
    le16(b, at + 2, v >>> 16);
  }

  private static void be16(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 8);
    b[at + 1] = (byte) v;
  }

  private static void be32(byte[] b, int at, int v) {
    be16(b, at, v >>> 16);
    be16(b, at + 2, v);
  }
}
