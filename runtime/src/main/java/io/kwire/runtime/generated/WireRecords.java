package io.kwire.runtime.generated;

import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;

/**
 * A {@code records} field for generated codecs: read without copying, written and sized. It lives
 * here, not in {@link WireReader} and {@link WireWriter}, because records sit a layer above wire.
 */
public final class WireRecords {
  private WireRecords() {}

  public static Records read(WireReader in, boolean nullable) {
    return in.readBytesView("records", nullable, Records::wrap);
  }

  public static Records readCompact(WireReader in, boolean nullable) {
    return in.readCompactBytesView("records", nullable, Records::wrap);
  }

  public static void write(WireWriter out, Records r) {
    if (r == null) {
      out.writeInt32(-1);
      return;
    }
    out.writeInt32(r.sizeInBytes());
    out.writeRaw(r.array(), r.arrayOffset(), r.sizeInBytes());
  }

  public static void writeCompact(WireWriter out, Records r) {
    if (r == null) {
      out.writeUnsignedVarint(0);
      return;
    }
    out.writeUnsignedVarint(r.sizeInBytes() + 1);
    out.writeRaw(r.array(), r.arrayOffset(), r.sizeInBytes());
  }

  public static int size(Records r) {
    return r == null ? 4 : 4 + r.sizeInBytes();
  }

  public static int compactSize(Records r) {
    return r == null ? 1 : WireSizes.unsignedVarint(r.sizeInBytes() + 1) + r.sizeInBytes();
  }
}
