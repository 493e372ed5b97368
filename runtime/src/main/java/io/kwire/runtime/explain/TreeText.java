package io.kwire.runtime.explain;

import java.util.List;

/**
 * Renders a tree the way the seed pages print it: one node per line, {@code +-- } before each
 * child, {@code |   } while a parent has more children below, then the bytes 16 per row.
 */
public final class TreeText {
  private TreeText() {}

  /** {@code name type = value [0xOFFS, NB] note}, the text of one node. */
  public static String label(WireNode node) {
    StringBuilder sb = new StringBuilder(node.name());
    if (!node.type().isEmpty()) {
      sb.append(' ').append(node.type());
    }
    if (node.value() != null) {
      sb.append(" = ").append(node.value());
    }
    sb.append(String.format(" [0x%04x, %dB]", node.offset(), node.size()));
    if (!node.note().isEmpty()) {
      sb.append(' ').append(node.note());
    }
    return sb.toString();
  }

  public static String tree(WireNode root) {
    StringBuilder sb = new StringBuilder(label(root)).append('\n');
    children(root.children(), "", sb);
    return sb.toString();
  }

  private static void children(List<WireNode> children, String indent, StringBuilder sb) {
    for (int i = 0; i < children.size(); i++) {
      WireNode child = children.get(i);
      boolean last = i == children.size() - 1;
      sb.append(indent).append("+-- ").append(label(child)).append('\n');
      children(child.children(), indent + (last ? "    " : "|   "), sb);
    }
  }

  /**
   * The bytes 16 per row, each row led by its offset; bytes of redacted nodes print as {@code **}.
   */
  public static String hexDump(byte[] frame, WireNode root) {
    StringBuilder sb = new StringBuilder("      ");
    for (int c = 0; c < 16; c++) {
      sb.append(String.format(" %X ", c));
    }
    sb.setLength(sb.length() - 1);
    sb.append('\n');
    for (int row = 0; row < frame.length; row += 16) {
      sb.append(String.format("%04x  ", row));
      for (int i = row; i < Math.min(row + 16, frame.length); i++) {
        sb.append(' ').append(isRedacted(root, i) ? "**" : String.format("%02x", frame[i] & 0xFF));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Whether byte {@code at} lies in a redacted node. */
  public static boolean isRedacted(WireNode root, int at) {
    WireNode hit = root.deepestAt(at);
    return hit != null && hit.redacted();
  }
}
