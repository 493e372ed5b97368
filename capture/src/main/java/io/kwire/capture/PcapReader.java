package io.kwire.capture;

import java.io.IOException;

/**
 * The classic pcap format: a 24-byte file header (its magic gives byte order and whether time is in
 * micro- or nanoseconds), then records of a 16-byte header and the packet's bytes. Records have no
 * marker to resynchronise on, so a record header that cannot be true ends the file (reported).
 */
final class PcapReader implements PacketReader {
  static final int MICROS_MAGIC = 0xa1b2c3d4;
  static final int NANOS_MAGIC = 0xa1b23c4d;
  private static final int FILE_HEADER = 24;
  private static final int RECORD_HEADER = 16;

  private final CaptureInput in;
  private final CaptureLimits limits;
  private final IssueSink issues;
  private final boolean littleEndian;
  private final boolean nanos;
  private final int linkType;
  private final byte[] header = new byte[RECORD_HEADER];
  private long number;
  private boolean ended;

  private PcapReader(CaptureInput in, CaptureLimits limits, IssueSink issues, boolean littleEndian, boolean nanos,
      int linkType) {
    this.in = in;
    this.limits = limits;
    this.issues = issues;
    this.littleEndian = littleEndian;
    this.nanos = nanos;
    this.linkType = linkType;
  }

  /** Reads the file header, whose first 4 bytes ({@code magic}) the caller has read already. */
  static PcapReader open(CaptureInput in, byte[] magic, CaptureLimits limits, IssueSink issues) throws IOException {
    int bigEndianMagic = Bytes.i32(magic, 0);
    boolean littleEndian = bigEndianMagic != MICROS_MAGIC && bigEndianMagic != NANOS_MAGIC;
    boolean nanos = (int) Bytes.u32(magic, 0, littleEndian) == NANOS_MAGIC;
    byte[] rest = new byte[FILE_HEADER - 4];
    if (in.read(rest, 0, rest.length) < rest.length) {
      throw new CaptureException(new CaptureIssue(CaptureIssue.Kind.TRUNCATED,
          "the capture ends inside the pcap file header", in.offset(), 0, null));
    }
    long snapLength = Bytes.u32(rest, 12, littleEndian);
    if (snapLength > limits.maxPacketBytes()) {
      issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "the file header's snap length " + snapLength
          + " exceeds the " + limits.maxPacketBytes() + "-byte packet limit: larger packets will be skipped",
          16, 0, null));
    }
    // The top bits of the link type field hold FCS information (pcap-linktype(7)); the type is the low 16.
    int linkType = (int) (Bytes.u32(rest, 16, littleEndian) & 0xFFFF);
    return new PcapReader(in, limits, issues, littleEndian, nanos, linkType);
  }

  @Override
  public Packet next() throws IOException {
    while (!ended) {
      long offset = in.offset();
      int n = in.read(header, 0, RECORD_HEADER);
      if (n == 0) {
        ended = true;
        return null;
      }
      number++;
      if (n < RECORD_HEADER) {
        return truncated(offset, "a record header");
      }
      long seconds = Bytes.u32(header, 0, littleEndian);
      long fraction = Bytes.u32(header, 4, littleEndian);
      long captured = Bytes.u32(header, 8, littleEndian);
      long original = Bytes.u32(header, 12, littleEndian);
      if (captured > limits.maxPacketBytes()) {
        if (captured > 16L * limits.maxPacketBytes() || (original > 0 && captured > original)) {
          // no length a capture tool writes: the file is corrupt from here, and pcap cannot resynchronise
          issues.report(new CaptureIssue(CaptureIssue.Kind.CORRUPT_BLOCK, "record header claims " + captured
              + " captured byte(s) of a " + original + "-byte packet: the rest of the file is not read", offset,
              number, null));
          ended = true;
          return null;
        }
        issues.report(new CaptureIssue(CaptureIssue.Kind.LIMIT, "packet of " + captured + " captured byte(s) exceeds"
            + " the " + limits.maxPacketBytes() + "-byte packet limit: skipped", offset, number, null));
        if (in.skip(captured) < captured) {
          return truncated(offset, "a skipped packet");
        }
        continue;
      }
      byte[] data = new byte[(int) captured];
      if (in.read(data, 0, data.length) < data.length) {
        return truncated(offset, "the packet's bytes");
      }
      long time = seconds * 1_000_000_000L + (nanos ? fraction : fraction * 1000);
      return new Packet(number, offset, time, linkType, data, Math.max(original, captured));
    }
    return null;
  }

  private Packet truncated(long offset, String where) {
    issues.report(new CaptureIssue(CaptureIssue.Kind.TRUNCATED, "the capture ends inside " + where
        + " (the last packet is incomplete)", offset, number, null));
    ended = true;
    return null;
  }
}
