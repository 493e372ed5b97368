package io.kwire.capture;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/**
 * From a packet's link layer through IPv4 or IPv6 to its TCP segment. Link types: Ethernet (with
 * 802.1Q/802.1ad VLAN tags), Linux cooked captures (SLL, SLL2), BSD loopback (NULL, LOOP) and raw IP.
 * What is not a TCP segment (ARP, UDP, an IP fragment, a link type kwire does not know) is skipped;
 * fragments and unknown link types are reported, once per link type for the latter.
 */
final class PacketDecoder {
  private static final int ETHERTYPE_IPV4 = 0x0800;
  private static final int ETHERTYPE_IPV6 = 0x86DD;
  private static final int ETHERTYPE_VLAN = 0x8100;
  private static final int ETHERTYPE_QINQ = 0x88A8;
  private static final int ETHERTYPE_QINQ_OLD = 0x9100;
  private static final int PROTOCOL_TCP = 6;
  private static final int MAX_VLAN_TAGS = 8;

  private final IssueSink issues;
  private final boolean[] unknownLinkReported = new boolean[65536];
  private long fragments;

  PacketDecoder(IssueSink issues) {
    this.issues = issues;
  }

  /** The packet's TCP segment, or null for a packet that holds none. */
  TcpSegment decode(Packet packet) {
    byte[] b = packet.data();
    int ipStart = switch (packet.linkType()) {
      case PacketReader.ETHERNET -> ethernet(b);
      case PacketReader.LINUX_SLL -> b.length >= 16 ? etherTyped(b, Bytes.u16(b, 14), 16) : -1;
      case PacketReader.LINUX_SLL2 -> b.length >= 20 ? etherTyped(b, Bytes.u16(b, 0), 20) : -1;
      case PacketReader.NULL, PacketReader.LOOP -> b.length >= 4 ? 4 : -1;
      case PacketReader.RAW, PacketReader.IPV4, PacketReader.IPV6, 12, 14 -> 0;
      default -> unknownLink(packet);
    };
    if (ipStart < 0 || ipStart >= b.length) {
      return null;
    }
    int version = (b[ipStart] & 0xF0) >> 4;
    if (version == 4) {
      return ipv4(packet, ipStart);
    }
    if (version == 6) {
      return ipv6(packet, ipStart);
    }
    return null;
  }

  /** How many IP fragments were skipped. */
  long fragments() {
    return fragments;
  }

  private int ethernet(byte[] b) {
    if (b.length < 14) {
      return -1;
    }
    int at = 12;
    for (int tags = 0; tags <= MAX_VLAN_TAGS; tags++) {
      int type = Bytes.u16(b, at);
      if (type != ETHERTYPE_VLAN && type != ETHERTYPE_QINQ && type != ETHERTYPE_QINQ_OLD) {
        return etherTyped(b, type, at + 2);
      }
      at += 4; // tag control information, then the next type
      if (at + 2 > b.length) {
        return -1;
      }
    }
    return -1;
  }

  private static int etherTyped(byte[] b, int type, int start) {
    return type == ETHERTYPE_IPV4 || type == ETHERTYPE_IPV6 ? start : -1;
  }

  private int unknownLink(Packet packet) {
    int type = packet.linkType() & 0xFFFF;
    if (!unknownLinkReported[type]) {
      unknownLinkReported[type] = true;
      issues.report(new CaptureIssue(CaptureIssue.Kind.SKIPPED_PACKET, "link type " + type
          + " is not one kwire reads (Ethernet, Linux SLL/SLL2, loopback, raw IP): its packets are skipped",
          packet.fileOffset(), packet.number(), null));
    }
    return -1;
  }

  private TcpSegment ipv4(Packet packet, int at) {
    byte[] b = packet.data();
    if (at + 20 > b.length) {
      return null;
    }
    int headerLength = (b[at] & 0x0F) * 4;
    int totalLength = Bytes.u16(b, at + 2);
    int flagsAndOffset = Bytes.u16(b, at + 6);
    if ((flagsAndOffset & 0x3FFF) != 0) { // more fragments, or a fragment offset
      fragment(packet, "IPv4");
      return null;
    }
    if (b[at + 9] != PROTOCOL_TCP || headerLength < 20) {
      return null;
    }
    // a zero total length is what TCP segmentation offload leaves: the captured bytes then tell
    int end = totalLength == 0 ? b.length : Math.min(b.length, at + totalLength);
    return tcp(packet, at + headerLength, end, address(b, at + 12, 4), address(b, at + 16, 4));
  }

  private TcpSegment ipv6(Packet packet, int at) {
    byte[] b = packet.data();
    if (at + 40 > b.length) {
      return null;
    }
    int payloadLength = Bytes.u16(b, at + 4);
    int next = Bytes.u8(b, at + 6);
    int end = payloadLength == 0 ? b.length : Math.min(b.length, at + 40 + payloadLength);
    int header = at + 40;
    // extension headers: hop-by-hop, routing, destination options (8-byte units), fragment
    for (int hops = 0; hops < 16 && next != PROTOCOL_TCP; hops++) {
      if (next == 44) {
        fragment(packet, "IPv6");
        return null;
      }
      if ((next != 0 && next != 43 && next != 60) || header + 8 > end) {
        return null;
      }
      int length = (Bytes.u8(b, header + 1) + 1) * 8;
      next = Bytes.u8(b, header);
      header += length;
    }
    if (next != PROTOCOL_TCP) {
      return null;
    }
    return tcp(packet, header, end, address(b, at + 8, 16), address(b, at + 24, 16));
  }

  private TcpSegment tcp(Packet packet, int at, int end, InetAddress source, InetAddress destination) {
    byte[] b = packet.data();
    if (at + 20 > end) {
      return null;
    }
    int dataOffset = ((b[at + 12] & 0xF0) >> 4) * 4;
    if (dataOffset < 20 || at + dataOffset > end) {
      return null;
    }
    return new TcpSegment(packet, new Endpoint(source, Bytes.u16(b, at)), new Endpoint(destination,
        Bytes.u16(b, at + 2)), Bytes.i32(b, at + 4), Bytes.i32(b, at + 8), b[at + 13] & 0x3F, at + dataOffset,
        end - at - dataOffset);
  }

  private void fragment(Packet packet, String ip) {
    fragments++;
    issues.report(new CaptureIssue(CaptureIssue.Kind.SKIPPED_PACKET, ip + " fragment: kwire does not reassemble"
        + " IP fragments (TCP to a Kafka broker rarely has them); skipped", packet.fileOffset(), packet.number(),
        null));
  }

  private static InetAddress address(byte[] b, int at, int length) {
    try {
      return InetAddress.getByAddress(Arrays.copyOfRange(b, at, at + length));
    } catch (UnknownHostException e) {
      throw new IllegalStateException("an address of " + length + " bytes", e); // 4 and 16 are always accepted
    }
  }
}
