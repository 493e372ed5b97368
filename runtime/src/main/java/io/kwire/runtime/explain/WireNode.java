package io.kwire.runtime.explain;

import java.util.List;
import java.util.Objects;

/**
 * One node of a frame's object tree: what was read, as what, where, and what it contains.
 *
 * @param name the field or structure name, e.g. {@code Topics}, {@code RequestHeader}, {@code int32[0]}
 * @param type the wire type as Kafka's spec writes it ({@code int32}, {@code []CreatableTopic}, ...);
 *     empty for plain groupings such as {@code Frame}
 * @param value the value as text; {@code null} when the node has none to show
 * @param note a short explanation; empty when there is none
 * @param offset the first byte, from the start of the frame
 * @param size the number of bytes, prefixes included
 * @param region the part of the frame, for colouring
 * @param redacted whether the value and bytes are hidden because the field is secret
 * @param children the parts, in wire order; they never overlap
 */
public record WireNode(String name, String type, String value, String note, int offset, int size, Region region,
    boolean redacted, List<WireNode> children) {

  public WireNode {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(note, "note");
    Objects.requireNonNull(region, "region");
    children = List.copyOf(children);
  }

  static WireNode leaf(String name, String type, String value, String note, int offset, int size, Region region) {
    return new WireNode(name, type, value, note, offset, size, region, false, List.of());
  }

  public boolean isLeaf() {
    return children.isEmpty();
  }

  /** One past the last byte. */
  public int end() {
    return offset + size;
  }

  /** The deepest node that holds byte {@code at}, this one if no child does; {@code null} if outside. */
  public WireNode deepestAt(int at) {
    if (at < offset || at >= end()) {
      return null;
    }
    for (WireNode child : children) {
      WireNode hit = child.deepestAt(at);
      if (hit != null) {
        return hit;
      }
    }
    return this;
  }

  /** The same node without its children and with its value hidden: what a secret field shows. */
  WireNode redact() {
    return new WireNode(name, type, "<redacted, " + size + " bytes>", note, offset, size, region, true, List.of());
  }
}
