package io.kwire.capture;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.function.Function;
import java.util.zip.GZIPOutputStream;

/** Test captures: pcap and pcapng files written from test packets, with the link layer of choice. */
final class CaptureFiles {
  private CaptureFiles() {}

  /** The link layers, each with its LINKTYPE and how it wraps an IP packet. */
  enum Link {
    ETHERNET(1, ip -> concat(ethernetHeader(ip, false), ip)),
    ETHERNET_VLAN(1, ip -> concat(ethernetHeader(ip, true), ip)),
    SLL(113, ip -> concat(ByteBuffer.allocate(16).putShort((short) 0).putShort((short) 772).putShort((short) 6)
        .put(new byte[8]).putShort((short) etherType(ip)).array(), ip)),
    SLL2(276, ip -> concat(ByteBuffer.allocate(20).putShort((short) etherType(ip)).putShort((short) 0)
        .putInt(1).putShort((short) 772).put((byte) 0).put((byte) 6).put(new byte[8]).array(), ip)),
    NULL(0, ip -> concat(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(ip[0] >> 4 == 4 ? 2 : 30)
        .array(), ip)),
    LOOP(108, ip -> concat(ByteBuffer.allocate(4).putInt(ip[0] >> 4 == 4 ? 2 : 30).array(), ip)),
    RAW(101, ip -> ip);

    final int type;
    final Function<byte[], byte[]> wrap;

    Link(int type, Function<byte[], byte[]> wrap) {
      this.type = type;
      this.wrap = wrap;
    }
  }

  static int etherType(byte[] ip) {
    return (ip[0] & 0xF0) == 0x40 ? 0x0800 : 0x86DD;
  }

  static byte[] ethernetHeader(byte[] ip, boolean vlan) {
    ByteBuffer b = ByteBuffer.allocate(vlan ? 18 : 14);
    b.put(new byte[] {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2});
    if (vlan) {
      b.putShort((short) 0x8100).putShort((short) 42);
    }
    b.putShort((short) etherType(ip));
    return b.array();
  }

  static byte[] concat(byte[] a, byte[] b) {
    byte[] all = new byte[a.length + b.length];
    System.arraycopy(a, 0, all, 0, a.length);
    System.arraycopy(b, 0, all, a.length, b.length);
    return all;
  }

  /** A classic pcap file. */
  static byte[] pcap(List<TestPacket> packets, Link link, ByteOrder order, boolean nanos) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuffer header = ByteBuffer.allocate(24).order(order);
    header.putInt(nanos ? 0xa1b23c4d : 0xa1b2c3d4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0)
        .putInt(262144).putInt(link.type);
    out.writeBytes(header.array());
    for (TestPacket packet : packets) {
      out.writeBytes(pcapRecord(packet.timeNanos(), link.wrap.apply(packet.ip()), order, nanos));
    }
    return out.toByteArray();
  }

  static byte[] pcapRecord(long timeNanos, byte[] data, ByteOrder order, boolean nanos) {
    ByteBuffer record = ByteBuffer.allocate(16 + data.length).order(order);
    long fraction = timeNanos % 1_000_000_000L;
    record.putInt((int) (timeNanos / 1_000_000_000L)).putInt((int) (nanos ? fraction : fraction / 1000))
        .putInt(data.length).putInt(data.length).put(data);
    return record.array();
  }

  /** One interface of a pcapng file: its link and its time resolution (if_tsresol, -1 for the default µs). */
  record Interface(Link link, int tsresol) {}

  /**
   * A pcapng file: SHB, one IDB per interface, then for packet {@code i} an EPB on interface
   * {@code i % interfaces}, with an unknown block (type 0x0BAD) between packets to be skipped.
   */
  static byte[] pcapng(List<TestPacket> packets, List<Interface> interfaces, ByteOrder order) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteBuffer shb = ByteBuffer.allocate(16).order(order);
    shb.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1);
    out.writeBytes(block(0x0A0D0D0A, shb.array(), order));
    for (Interface on : interfaces) {
      ByteBuffer idb = ByteBuffer.allocate(on.tsresol() < 0 ? 12 : 20).order(order);
      idb.putShort((short) on.link().type).putShort((short) 0).putInt(262144);
      if (on.tsresol() >= 0) {
        idb.putShort((short) 9).putShort((short) 1).put((byte) on.tsresol()).put(new byte[3]);
      }
      idb.putShort((short) 0).putShort((short) 0);
      out.writeBytes(block(1, idb.array(), order));
    }
    for (int i = 0; i < packets.size(); i++) {
      TestPacket packet = packets.get(i);
      int id = i % interfaces.size();
      Interface on = interfaces.get(id);
      byte[] data = on.link().wrap.apply(packet.ip());
      long units = units(packet.timeNanos(), on.tsresol());
      ByteBuffer epb = ByteBuffer.allocate(20 + pad(data.length)).order(order);
      epb.putInt(id).putInt((int) (units >>> 32)).putInt((int) units).putInt(data.length).putInt(data.length).put(data);
      out.writeBytes(block(6, epb.array(), order));
      out.writeBytes(block(0x0BAD, new byte[] {1, 2, 3, 4}, order));
    }
    return out.toByteArray();
  }

  private static long units(long nanos, int tsresol) {
    if (tsresol < 0) {
      return nanos / 1000;
    }
    if ((tsresol & 0x80) != 0) {
      int exponent = tsresol & 0x7F;
      return ((nanos / 1_000_000_000L) << exponent) + (long) ((nanos % 1_000_000_000L) * Math.pow(2, exponent) / 1e9);
    }
    long perSecond = (long) Math.pow(10, tsresol);
    return nanos / 1_000_000_000L * perSecond + (nanos % 1_000_000_000L) * perSecond / 1_000_000_000L;
  }

  static int pad(int length) {
    return (length + 3) & ~3;
  }

  /** A pcapng block: type, total length, body (padded), total length. */
  static byte[] block(int type, byte[] body, ByteOrder order) {
    int length = 12 + pad(body.length);
    ByteBuffer b = ByteBuffer.allocate(length).order(order);
    b.putInt(type).putInt(length).put(body);
    b.position(length - 4);
    b.putInt(length);
    return b.array();
  }

  static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
