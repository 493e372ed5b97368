package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.explain.WireNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Checks and searches over explained trees. */
final class Trees {
  private Trees() {}

  /** Every node's children follow one another without gap or overlap and fill it exactly. */
  static void assertTiles(WireNode node, String where) {
    if (node.isLeaf()) {
      return;
    }
    int at = node.offset();
    for (WireNode child : node.children()) {
      assertEquals(at, child.offset(), where + ": " + child.name() + " in " + node.name());
      assertTiles(child, where);
      at = child.end();
    }
    assertEquals(node.end(), at, where + ": the children of " + node.name() + " end early");
  }

  static List<WireNode> all(WireNode root, Predicate<WireNode> test) {
    List<WireNode> found = new ArrayList<>();
    collect(root, test, found);
    return found;
  }

  private static void collect(WireNode node, Predicate<WireNode> test, List<WireNode> found) {
    if (test.test(node)) {
      found.add(node);
    }
    node.children().forEach(c -> collect(c, test, found));
  }

  static WireNode named(WireNode root, String name) {
    List<WireNode> found = all(root, n -> n.name().equals(name));
    if (found.isEmpty()) {
      throw new AssertionError("no node named " + name);
    }
    return found.get(0);
  }
}
