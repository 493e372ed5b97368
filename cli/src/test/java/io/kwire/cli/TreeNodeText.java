package io.kwire.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One node of a printed tree, parsed back from text: {@code name type = value [0xOFFS, NB] note}.
 * The seed pages' trees come flattened onto one line (their whitespace collapsed), ours one node per
 * line; both parse to the same pre-order list.
 */
record TreeNodeText(String name, String type, String value, int offset, int size, String note) {
  private static final Pattern NODE = Pattern.compile("^(.*?) \\[0x([0-9a-f]+), (\\d+)B\\](?: (.*))?$");
  /** "+-- " and the "|" guides of the ancestors before it. */
  private static final Pattern FLAT_SEPARATOR = Pattern.compile("(?:\\s\\|)*\\s\\+--\\s");
  private static final Pattern LINE_PREFIX = Pattern.compile("^(?:[| ]   )*(?:\\+-- )?");

  static TreeNodeText parse(String text) {
    Matcher m = NODE.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a tree node: " + text);
    }
    String head = m.group(1);
    String value = null;
    int eq = head.indexOf(" = ");
    if (eq >= 0) {
      value = head.substring(eq + 3);
      head = head.substring(0, eq);
    }
    int space = head.indexOf(' ');
    String name = space < 0 ? head : head.substring(0, space);
    String type = space < 0 ? "" : head.substring(space + 1);
    return new TreeNodeText(name, type, value, Integer.parseInt(m.group(2), 16), Integer.parseInt(m.group(3)),
        m.group(4) == null ? "" : m.group(4));
  }

  /** A seed page's tree, all on one line. */
  static List<TreeNodeText> parseFlat(String line) {
    List<TreeNodeText> nodes = new ArrayList<>();
    for (String part : FLAT_SEPARATOR.split(line.trim())) {
      nodes.add(parse(part));
    }
    return nodes;
  }

  /** Our tree, one node per line. */
  static List<TreeNodeText> parseLines(List<String> lines) {
    List<TreeNodeText> nodes = new ArrayList<>();
    for (String line : lines) {
      nodes.add(parse(LINE_PREFIX.matcher(line).replaceFirst("")));
    }
    return nodes;
  }
}
