package io.kwire.runtime;

import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireSizes;
import io.kwire.runtime.wire.WireWriter;

/** Tagged-field sections that hold only unknown fields, as in the headers. */
final class TaggedSections {
  private TaggedSections() {}

  static int size(UnknownTaggedFields fields) {
    int size = WireSizes.unsignedVarint(fields.size());
    for (RawTaggedField f : fields.fields()) {
      size += WireSizes.unsignedVarint(f.tag()) + WireSizes.unsignedVarint(f.data().length) + f.data().length;
    }
    return size;
  }

  static void write(UnknownTaggedFields fields, WireWriter out) {
    out.writeUnsignedVarint(fields.size());
    for (RawTaggedField f : fields.fields()) {
      out.writeUnsignedVarint(f.tag());
      out.writeUnsignedVarint(f.data().length);
      out.writeRaw(f.data());
    }
  }

  static UnknownTaggedFields read(WireReader in) {
    return in.readTaggedSection();
  }
}
