package io.kwire.capture;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The pcapng format: blocks of type, total length, body, total length again. A section header block
 * (SHB) sets the byte order for its section and forgets the section's interfaces; interface
 * description blocks (IDB) give each interface its link type, snap length and time resolution;
 * enhanced (EPB), simple (SPB) and the obsolete packet blocks carry packets. Every other block is
 * skipped by its length. A block longer than the packet limit allows is skipped and reported; a block
 * length that cannot be true (under 12, not a multiple of 4) ends the file, since nothing says where
 * the next block starts.
 */
final class PcapngReader implements PacketReader {
  static final int SECTION_HEADER = 0x0A0D0D0A;
  private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
  private static final int INTERFACE_DESCRIPTION = 1;
  private static final int OBSOLETE_PACKET = 2;
  private static final int SIMPLE_PACKET = 3;
  private static final int ENHANCED_PACKET = 6;
  /** Room for a block's fixed fields and options around its packet bytes. */
  private static final int BLOCK_OVERHEAD = 4096;
  private static final int MAX_INTERFACES = 4096;

  private final CaptureInput in;
  private final CaptureLimits limits;
  private final IssueSink issues;
  private final List<Interface> interfaces = new ArrayList<>();
  private final byte[] head = new byte[12];
  private boolean littleEndian;
  private long number;
  private long block;
  private boolean ended;
  /** The first block's type and length, read by the caller to sniff the format. */
  private byte[] pending;

  private record Interface(int linkType, long snapLength, long unitsPerSecond, boolean binary, int exponent,
      long offsetSeconds) {
    /** The units of a timestamp in nanoseconds since the epoch. */
    long nanos(long units) {
      long whole = binary ? units >>> exponent : units / unitsPerSecond;
      long fraction = binary ? units & ((1L << exponent) - 1) : units % unitsPerSecond;
      long fractionNanos = binary ? (long) (fraction * (1e9 / Math.pow(2, exponent)))
          : unitsPerSecond >= 1_000_000_000L ? fraction / (unitsPerSecond / 1_000_000_000L)
          : fraction * (1_000_000_000L / unitsPerSecond);
      return (whole + offsetSeconds) * 1_000_000_000L + fractionNanos;
    }
  }

  private PcapngReader(CaptureInput in, byte[] first, CaptureLimits limits, IssueSink issues) {
    this.in = in;
    this.pending = first;
    this.limits = limits;
    this.issues = issues;
  }

  /** A reader whose first block's type ({@code first}, the SHB magic) the caller has read. */
  static PcapngReader open(CaptureInput in, byte[] first, CaptureLimits limits, IssueSink issues) {
    return new PcapngReader(in, first, limits, issues);
  }

  @Override
  public Packet next() throws IOException {
    while (!ended) {
      long offset = in.offset() - (pending == null ? 0 : pending.length);
      int have = 0;
      if (pending != null) {
        System.arraycopy(pending, 0, head, 0, pending.length);
        have = pending.length;
        pending = null;
      }
      int n = have + in.read(head, have, 8 - have);
      if (n == 0) {
        ended = true;
        return null;
      }
      block++;
      if (n < 8) {
        return truncated(offset, "a block header");
      }
      int type = Bytes.i32(head, 0);
      if (type == SECTION_HEADER) {
        if (in.read(head, 8, 4) < 4) {
          return truncated(offset, "a section header block");
        }
        int magic = Bytes.i32(head, 8);
        if (magic != BYTE_ORDER_MAGIC && Integer.reverseBytes(magic) != BYTE_ORDER_MAGIC) {
          return corrupt(offset, "section header block with byte-order magic " + Integer.toHexString(magic)
              + ": the rest of the file is not read");
        }
        littleEndian = magic != BYTE_ORDER_MAGIC;
        interfaces.clear();
      } else {
        type = (int) Bytes.u32(head, 0, littleEndian);
      }
      long length = Bytes.u32(head, 4, littleEndian);
      if (length < 12 || length % 4 != 0 || (type == SECTION_HEADER && length < 28)) {
        return corrupt(offset, "block " + block + " has a total length of " + length
            + ", which no block can have: the rest of the file is not read");
      }
      int alreadyRead = type == SECTION_HEADER ? 12 : 8;
      if (length > limits.maxPacketBytes() + BLOCK_OVERHEAD) {
        issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "block " + block + " (type " + type + ") of "
            + length + " bytes exceeds the " + (limits.maxPacketBytes() + BLOCK_OVERHEAD) + "-byte block limit: skipped",
            offset, number, null));
        if (in.skip(length - alreadyRead) < length - alreadyRead) {
          return truncated(offset, "a skipped block");
        }
        continue;
      }
      byte[] body = new byte[(int) length - 8];
      int bodyRead = alreadyRead - 8;
      if (bodyRead > 0) {
        System.arraycopy(head, 8, body, 0, bodyRead);
      }
      if (in.read(body, bodyRead, body.length - bodyRead) < body.length - bodyRead) {
        return truncated(offset, "block " + block);
      }
      long trailer = Bytes.u32(body, body.length - 4, littleEndian);
      if (trailer != length) {
        issues.report(new CaptureIssue(CaptureIssue.Kind.CORRUPT_BLOCK, "block " + block + " ends with length "
            + trailer + ", not its leading " + length + ": read as the leading length says", offset, number, null));
      }
      Packet packet = block(type, Arrays.copyOf(body, body.length - 4), offset);
      if (packet != null) {
        return packet;
      }
    }
    return null;
  }

  /** A block's body (without the trailing length): a packet, or null for a block that holds none. */
  private Packet block(int type, byte[] body, long offset) {
    switch (type) {
      case INTERFACE_DESCRIPTION -> describeInterface(body, offset);
      case ENHANCED_PACKET -> {
        return packet(body, offset, 20, (int) Bytes.u32(body, 0, littleEndian), Bytes.u32(body, 4, littleEndian),
            Bytes.u32(body, 8, littleEndian), Bytes.u32(body, 12, littleEndian), Bytes.u32(body, 16, littleEndian));
      }
      case OBSOLETE_PACKET -> {
        return packet(body, offset, 20, Bytes.u16(body, 0, littleEndian), Bytes.u32(body, 4, littleEndian),
            Bytes.u32(body, 8, littleEndian), Bytes.u32(body, 12, littleEndian), Bytes.u32(body, 16, littleEndian));
      }
      case SIMPLE_PACKET -> {
        return simplePacket(body, offset);
      }
      default -> { } // SHB (read above), statistics, name resolution, custom and unknown blocks: nothing kwire needs
    }
    return null;
  }

  private Packet packet(byte[] body, long offset, int fixed, int interfaceId, long high, long low, long captured,
      long original) {
    number++;
    if (body.length < fixed || captured > body.length - fixed) {
      return skipped(offset, CaptureIssue.Kind.CORRUPT_BLOCK, "packet block claims " + captured
          + " captured byte(s) in a body of " + body.length);
    }
    if (interfaceId < 0 || interfaceId >= interfaces.size()) {
      return skipped(offset, CaptureIssue.Kind.CORRUPT_BLOCK, "packet of interface " + interfaceId
          + ", which the section has not described");
    }
    Interface on = interfaces.get(interfaceId);
    byte[] data = Arrays.copyOfRange(body, fixed, fixed + (int) captured);
    return new Packet(number, offset, on.nanos((high << 32) | low), on.linkType(), data, Math.max(original, captured));
  }

  private Packet simplePacket(byte[] body, long offset) {
    number++;
    if (interfaces.isEmpty() || body.length < 4) {
      return skipped(offset, CaptureIssue.Kind.CORRUPT_BLOCK, "simple packet block without an interface");
    }
    Interface on = interfaces.get(0);
    long original = Bytes.u32(body, 0, littleEndian);
    long captured = Math.min(original, body.length - 4);
    if (on.snapLength() > 0) {
      captured = Math.min(captured, on.snapLength());
    }
    // A simple packet block has no timestamp: time 0, as Wireshark shows it.
    return new Packet(number, offset, 0, on.linkType(), Arrays.copyOfRange(body, 4, 4 + (int) captured), original);
  }

  private void describeInterface(byte[] body, long offset) {
    if (body.length < 8) {
      skipped(offset, CaptureIssue.Kind.CORRUPT_BLOCK, "interface description block of " + body.length + " bytes");
      return;
    }
    if (interfaces.size() >= MAX_INTERFACES) {
      issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "more than " + MAX_INTERFACES
          + " interfaces in one section: the rest are ignored", offset, number, null));
      return;
    }
    int linkType = Bytes.u16(body, 0, littleEndian);
    long snapLength = Bytes.u32(body, 4, littleEndian);
    boolean binary = false;
    int exponent = 6;
    long offsetSeconds = 0;
    int at = 8;
    while (at + 4 <= body.length) {
      int code = Bytes.u16(body, at, littleEndian);
      int length = Bytes.u16(body, at + 2, littleEndian);
      int value = at + 4;
      if (code == 0 || value + length > body.length) {
        break;
      }
      if (code == 9 && length >= 1) { // if_tsresol: 10^-n, or 2^-n with the top bit set
        int resolution = Bytes.u8(body, value);
        binary = (resolution & 0x80) != 0;
        exponent = resolution & 0x7F;
      } else if (code == 14 && length >= 8) { // if_tsoffset: seconds added to every timestamp
        long first = Bytes.u32(body, value, littleEndian);
        long second = Bytes.u32(body, value + 4, littleEndian);
        offsetSeconds = littleEndian ? second << 32 | first : first << 32 | second;
      }
      at = value + ((length + 3) & ~3);
    }
    if ((binary && exponent > 62) || (!binary && exponent > 18)) {
      issues.report(new CaptureIssue(CaptureIssue.Kind.CORRUPT_BLOCK, "interface " + interfaces.size()
          + " has a time resolution of " + (binary ? "2^-" : "10^-") + exponent + ": microseconds assumed", offset,
          number, null));
      binary = false;
      exponent = 6;
    }
    long unitsPerSecond = binary ? 0 : pow10(exponent);
    interfaces.add(new Interface(linkType, snapLength, unitsPerSecond, binary, exponent, offsetSeconds));
  }

  private static long pow10(int exponent) {
    long value = 1;
    for (int i = 0; i < exponent; i++) {
      value *= 10;
    }
    return value;
  }

  private Packet skipped(long offset, CaptureIssue.Kind kind, String why) {
    issues.report(new CaptureIssue(kind, why + ": skipped", offset, number, null));
    return null;
  }

  private Packet truncated(long offset, String where) {
    issues.report(new CaptureIssue(CaptureIssue.Kind.TRUNCATED, "the capture ends inside " + where
        + " (the last packet is incomplete)", offset, number + 1, null));
    ended = true;
    return null;
  }

  private Packet corrupt(long offset, String why) {
    issues.report(new CaptureIssue(CaptureIssue.Kind.CORRUPT_BLOCK, why, offset, number, null));
    ended = true;
    return null;
  }
}
