package io.kwire.runtime.explain;

import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.WireReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Reads the bytes of a records field into nodes: RecordBatch v2 (every header field, then each
 * record when uncompressed) or legacy message-set entries (magic 0 and 1). A trailing partial batch,
 * which a fetch response may carry, is shown as such rather than refused.
 */
final class RecordsWalker {
  private static final int V2_HEADER = 61;
  private static final int LOG_OVERHEAD = 12;
  private static final int MAGIC_OFFSET = 16;
  /** Offset, size, CRC, magic, attributes, key and value lengths (and a timestamp from magic 1). */
  private static final int LEGACY_V0_SMALLEST = 26;
  private static final int LEGACY_V1_SMALLEST = 34;
  private static final String[] COMPRESSION = {"none", "gzip", "snappy", "lz4", "zstd"};

  private final byte[] frame;
  private final int start;
  private final int end;

  RecordsWalker(byte[] frame, int start, int length) {
    this.frame = frame;
    this.start = start;
    this.end = start + length;
  }

  List<WireNode> batches() {
    List<WireNode> nodes = new ArrayList<>();
    int pos = start;
    for (int i = 0; pos < end; i++) {
      int remaining = end - pos;
      WireReader peek = reader(pos, end);
      int batchLength = remaining >= LOG_OVERHEAD ? int32At(pos + 8) : -1;
      if (remaining <= MAGIC_OFFSET || batchLength < 0 || batchLength > remaining - LOG_OVERHEAD) {
        nodes.add(WireNode.leaf("partial batch", "bytes", FieldWalker.hex(frame, pos, remaining),
            "a batch cut short, as a fetch response may end", pos, remaining, Region.RECORD_BATCH));
        break;
      }
      int batchEnd = pos + LOG_OVERHEAD + batchLength;
      byte magic = frame[pos + MAGIC_OFFSET];
      int smallest = magic == 2 ? V2_HEADER : magic == 1 ? LEGACY_V1_SMALLEST : LEGACY_V0_SMALLEST;
      if (LOG_OVERHEAD + batchLength < smallest) {
        throw new KwireProtocolException(pos + 8, "batch length " + batchLength + " is below the "
            + (smallest - LOG_OVERHEAD) + " bytes a magic " + magic + " batch needs").inField("batchLength").atIndex(i);
      }
      try {
        if (magic == 2) {
          nodes.add(batchV2(reader(pos, batchEnd), i, pos));
        } else if (magic == 0 || magic == 1) {
          nodes.add(legacy(reader(pos, batchEnd), i, pos, magic));
        } else {
          throw peek.error("unknown record batch magic " + magic).inField("magic");
        }
      } catch (KwireProtocolException e) {
        throw e.atIndex(i);
      }
      pos = batchEnd;
    }
    return nodes;
  }

  private int int32At(int at) {
    return ((frame[at] & 0xFF) << 24) | ((frame[at + 1] & 0xFF) << 16) | ((frame[at + 2] & 0xFF) << 8)
        | (frame[at + 3] & 0xFF);
  }

  /** A reader whose offsets are the frame's, limited to {@code [from, to)}. */
  private WireReader reader(int from, int to) {
    WireReader r = new WireReader(frame, 0, to);
    r.skip(from);
    return r;
  }

  private WireNode batchV2(WireReader r, int index, int at) {
    List<WireNode> kids = new ArrayList<>();
    Fields f = new Fields(r, kids, Region.RECORD_BATCH);
    f.int64("baseOffset", "offset of the first record");
    int batchLength = f.int32("batchLength", "bytes that follow this field");
    f.int32("partitionLeaderEpoch", "");
    f.int8("magic", "record batch format version");
    int crcAt = r.offset();
    long crc = r.readUint32();
    CRC32C check = new CRC32C();
    check.update(frame, crcAt + 4, at + LOG_OVERHEAD + batchLength - (crcAt + 4));
    kids.add(WireNode.leaf("crc", "uint32", String.format("0x%08x", crc),
        check.getValue() == crc ? "CRC-32C of the rest of the batch, valid"
            : String.format("CRC-32C of the rest of the batch: MISMATCH, computed 0x%08x", check.getValue()),
        crcAt, 4, Region.RECORD_BATCH));
    int attributesAt = r.offset();
    short attributes = r.readInt16();
    int codec = attributes & 0x7;
    kids.add(WireNode.leaf("attributes", "int16", Short.toString(attributes), attributeNote(attributes),
        attributesAt, 2, Region.RECORD_BATCH));
    f.int32("lastOffsetDelta", "");
    f.int64("baseTimestamp", "");
    f.int64("maxTimestamp", "");
    f.int64("producerId", "");
    f.int16("producerEpoch", "");
    f.int32("baseSequence", "");
    int count = f.int32("recordCount", "records in the batch");
    if (codec != 0) {
      int payloadAt = r.offset();
      int size = r.remaining();
      r.skip(size);
      kids.add(WireNode.leaf("compressedRecords", "bytes", FieldWalker.hex(frame, payloadAt, size),
          (codec < COMPRESSION.length ? COMPRESSION[codec] : "codec " + codec) + "-compressed records, not expanded",
          payloadAt, size, Region.RECORD));
    } else {
      if (count < 0 || count > r.remaining()) {
        throw new KwireProtocolException(at + V2_HEADER - 4, "record count " + count + " does not fit the "
            + r.remaining() + " byte(s) of the batch").inField("recordCount");
      }
      for (int i = 0; i < count; i++) {
        try {
          kids.add(record(r, i));
        } catch (KwireProtocolException e) {
          throw e.atIndex(i).inField("records");
        }
      }
      if (r.hasRemaining()) {
        throw r.error(r.remaining() + " byte(s) left after the batch's " + count + " record(s)");
      }
    }
    return new WireNode("RecordBatch[" + index + "]", "RecordBatch", "v2, " + count
        + (count == 1 ? " record" : " records"), "", at, r.offset() - at, Region.RECORD_BATCH, false, kids);
  }

  private static String attributeNote(short attributes) {
    int codec = attributes & 0x7;
    StringBuilder sb = new StringBuilder(codec < COMPRESSION.length ? COMPRESSION[codec] : "codec " + codec);
    sb.append((attributes & 0x8) != 0 ? ", LOG_APPEND_TIME" : ", CREATE_TIME");
    if ((attributes & 0x10) != 0) {
      sb.append(", transactional");
    }
    if ((attributes & 0x20) != 0) {
      sb.append(", control");
    }
    if ((attributes & 0x40) != 0) {
      sb.append(", delete horizon");
    }
    return sb.toString();
  }

  private WireNode record(WireReader r, int index) {
    int at = r.offset();
    List<WireNode> kids = new ArrayList<>();
    Fields f = new Fields(r, kids, Region.RECORD);
    int length = f.varint("length", "bytes that follow");
    if (length < 0 || length > r.remaining()) {
      throw new KwireProtocolException(at, "record length " + length + " exceeds the " + r.remaining()
          + " byte(s) remaining");
    }
    int recordEnd = r.offset() + length;
    f.int8("attributes", "unused");
    int deltaAt = r.offset();
    long timestampDelta = r.readVarlong();
    kids.add(WireNode.leaf("timestampDelta", "varlong", Long.toString(timestampDelta), "", deltaAt,
        r.offset() - deltaAt, Region.RECORD));
    f.varint("offsetDelta", "");
    f.varBytes("key");
    f.varBytes("value");
    int headers = f.varint("headerCount", "");
    if (headers < 0 || headers > recordEnd - r.offset()) {
      throw r.error("header count " + headers + " does not fit the record");
    }
    for (int i = 0; i < headers; i++) {
      int headerAt = r.offset();
      List<WireNode> headerKids = new ArrayList<>();
      Fields h = new Fields(r, headerKids, Region.RECORD);
      h.varString("headerKey");
      h.varBytes("headerValue");
      kids.add(new WireNode("Header[" + i + "]", "Header", "struct", "", headerAt, r.offset() - headerAt,
          Region.RECORD, false, headerKids));
    }
    if (r.offset() != recordEnd) {
      throw r.error("record " + index + " declares " + length + " byte(s) but its fields use "
          + (r.offset() - (recordEnd - length)));
    }
    return new WireNode("Record[" + index + "]", "Record", "struct", "", at, r.offset() - at, Region.RECORD, false,
        kids);
  }

  private WireNode legacy(WireReader r, int index, int at, byte magic) {
    List<WireNode> kids = new ArrayList<>();
    Fields f = new Fields(r, kids, Region.RECORD_BATCH);
    f.int64("offset", "");
    f.int32("messageSize", "bytes that follow this field");
    int crcAt = r.offset();
    long crc = r.readUint32();
    CRC32 check = new CRC32();
    check.update(frame, crcAt + 4, r.remaining());
    kids.add(WireNode.leaf("crc", "uint32", String.format("0x%08x", crc),
        check.getValue() == crc ? "CRC-32 of the rest of the message, valid"
            : String.format("CRC-32 of the rest of the message: MISMATCH, computed 0x%08x", check.getValue()),
        crcAt, 4, Region.RECORD_BATCH));
    f.int8("magic", "message format version");
    byte attributes = f.int8("attributes", "");
    if (magic == 1) {
      f.int64("timestamp", "");
    }
    f.int32Bytes("key", Region.RECORD);
    int codec = attributes & 0x7;
    f.int32Bytes(codec == 0 ? "value" : "value (" + (codec < COMPRESSION.length ? COMPRESSION[codec] : "codec " + codec)
        + "-compressed message set)", Region.RECORD);
    if (r.hasRemaining()) {
      throw r.error(r.remaining() + " byte(s) left after the message's value");
    }
    return new WireNode("Message[" + index + "]", "Message", "v" + magic, "", at, r.offset() - at,
        Region.RECORD_BATCH, false, kids);
  }

  /** Appends one leaf per field read, with its offset and size. */
  private final class Fields {
    private final WireReader r;
    private final List<WireNode> out;
    private final Region region;

    Fields(WireReader r, List<WireNode> out, Region region) {
      this.r = r;
      this.out = out;
      this.region = region;
    }

    private void add(String name, String type, String value, String note, int at) {
      out.add(WireNode.leaf(name, type, value, note, at, r.offset() - at, region));
    }

    byte int8(String name, String note) {
      int at = r.offset();
      byte v = r.readInt8();
      add(name, "int8", Byte.toString(v), note, at);
      return v;
    }

    short int16(String name, String note) {
      int at = r.offset();
      short v = r.readInt16();
      add(name, "int16", Short.toString(v), note, at);
      return v;
    }

    int int32(String name, String note) {
      int at = r.offset();
      int v = r.readInt32();
      add(name, "int32", Integer.toString(v), note, at);
      return v;
    }

    long int64(String name, String note) {
      int at = r.offset();
      long v = r.readInt64();
      add(name, "int64", Long.toString(v), note, at);
      return v;
    }

    int varint(String name, String note) {
      int at = r.offset();
      int v = r.readVarint();
      add(name, "varint", Integer.toString(v), note, at);
      return v;
    }

    /** Varint length (-1 for null), then the bytes. */
    void varBytes(String name) {
      int at = r.offset();
      int length = r.readVarint();
      if (length < -1) {
        throw new KwireProtocolException(at, "negative length " + length).inField(name);
      }
      String value = length < 0 ? "null" : bytesAfter(r, length, name);
      add(name, "varbytes", value + " (varint len=" + length + ")", "", at);
    }

    void varString(String name) {
      int at = r.offset();
      int length = r.readVarint();
      if (length < 0) {
        throw new KwireProtocolException(at, "header key length " + length + " is negative").inField(name);
      }
      requireIn(r, length, name);
      String text = new String(frame, r.offset(), length, StandardCharsets.UTF_8);
      r.skip(length);
      add(name, "varstring", FieldWalker.quote(text) + " (varint len=" + length + ")", "", at);
    }

    void int32Bytes(String name, Region bytesRegion) {
      int at = r.offset();
      int length = r.readInt32();
      if (length < -1) {
        throw new KwireProtocolException(at, "negative length " + length).inField(name);
      }
      String value = length < 0 ? "null" : bytesAfter(r, length, name);
      out.add(WireNode.leaf(name, "bytes", value + " (int32 len=" + length + ")", "", at, r.offset() - at,
          bytesRegion));
    }

    private String bytesAfter(WireReader in, int length, String name) {
      requireIn(in, length, name);
      String hex = FieldWalker.hex(frame, in.offset(), length);
      in.skip(length);
      return hex;
    }

    private void requireIn(WireReader in, int length, String name) {
      if (length > in.remaining()) {
        throw in.error("needs " + length + " byte(s), only " + in.remaining() + " remain").inField(name);
      }
    }
  }
}
