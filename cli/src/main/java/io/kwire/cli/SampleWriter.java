package io.kwire.cli;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.FieldDescriptor;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.runtime.meta.StructDescriptor;
import io.kwire.runtime.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The seed pages' sample instance of a message, written from its descriptor: numbers zero, strings
 * and bytes empty (never null), every array one element, every nullable struct present, tagged
 * fields left out, and records one empty 61-byte RecordBatch v2.
 */
final class SampleWriter {
  static final int EMPTY_BATCH_SIZE = 61;

  private final short version;
  private final MessageDescriptor message;

  private SampleWriter(MessageDescriptor message, short version) {
    this.message = message;
    this.version = version;
  }

  static byte[] body(MessageDescriptor message, short version) {
    WireWriter out = new WireWriter(64);
    new SampleWriter(message, version).struct(message.body(), out);
    return out.toByteArray();
  }

  /** Size, request header (correlation id 0, client id empty), body. */
  static byte[] requestFrame(ApiMessageCodec<?> codec, short version) {
    WireWriter out = new WireWriter(64);
    out.writeInt32(0);
    RequestHeaderCodec.INSTANCE.write(new RequestHeader(codec.apiKey(), version, 0, ""), codec.headerVersion(version),
        out);
    out.writeRaw(body(codec.descriptor(), version));
    return patchSize(out);
  }

  /** Size, response header (correlation id 0), body. */
  static byte[] responseFrame(ApiMessageCodec<?> codec, short version) {
    WireWriter out = new WireWriter(64);
    out.writeInt32(0);
    ResponseHeaderCodec.INSTANCE.write(new ResponseHeader(0), codec.headerVersion(version), out);
    out.writeRaw(body(codec.descriptor(), version));
    return patchSize(out);
  }

  private static byte[] patchSize(WireWriter out) {
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }

  private void struct(StructDescriptor struct, WireWriter out) {
    for (FieldDescriptor f : struct.fields()) {
      // The smallest instance leaves every tagged field unset, so none is written.
      if (f.versions().contains(version) && !f.isTagged()) {
        value(f, f.type(), out);
      }
    }
    if (message.isFlexible(version)) {
      out.writeUnsignedVarint(0);
    }
  }

  private boolean compact(FieldDescriptor f) {
    return f.flexibleVersionsOr(message.flexibleVersions()).contains(version);
  }

  private void value(FieldDescriptor f, String type, WireWriter out) {
    switch (type) {
      case "bool", "int8" -> out.writeInt8((byte) 0);
      case "int16", "uint16" -> out.writeInt16((short) 0);
      case "int32", "uint32" -> out.writeInt32(0);
      case "int64", "float64" -> out.writeInt64(0);
      case "uuid" -> out.writeRaw(new byte[16]);
      case "string", "bytes" -> {
        if (compact(f)) {
          out.writeUnsignedVarint(1);
        } else if (type.equals("string")) {
          out.writeInt16((short) 0);
        } else {
          out.writeInt32(0);
        }
      }
      case "records" -> {
        byte[] batch = emptyBatch();
        if (compact(f)) {
          out.writeUnsignedVarint(batch.length + 1);
        } else {
          out.writeInt32(batch.length);
        }
        out.writeRaw(batch);
      }
      default -> {
        if (type.startsWith("[]")) {
          if (compact(f)) {
            out.writeUnsignedVarint(2);
          } else {
            out.writeInt32(1);
          }
          if (f.struct() != null) {
            struct(f.struct(), out);
          } else {
            value(f, type.substring(2), out);
          }
        } else {
          if (f.nullableVersions().contains(version)) {
            out.writeInt8((byte) 1);
          }
          struct(f.struct(), out);
        }
      }
    }
  }

  /** A RecordBatch v2 without records: every number zero but batchLength, magic and the CRC. */
  static byte[] emptyBatch() {
    ByteBuffer b = ByteBuffer.allocate(EMPTY_BATCH_SIZE);
    b.putLong(0L);
    b.putInt(EMPTY_BATCH_SIZE - 12);
    b.putInt(0);
    b.put((byte) 2);
    int crcAt = b.position();
    b.putInt(0);
    // attributes .. record count stay zero
    CRC32C crc = new CRC32C();
    crc.update(b.array(), crcAt + 4, EMPTY_BATCH_SIZE - crcAt - 4);
    b.putInt(crcAt, (int) crc.getValue());
    return b.array();
  }
}
