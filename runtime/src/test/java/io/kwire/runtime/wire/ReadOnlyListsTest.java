package io.kwire.runtime.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.generated.WireLists;
import java.util.ArrayList;
import java.util.List;
import java.util.ListIterator;
import org.junit.jupiter.api.Test;

/** Decoded lists dropped AbstractList (for its unused modCount): they must still keep List's contract. */
class ReadOnlyListsTest {
  @Test
  void primitiveListsBehaveAsListsOfTheirBoxes() {
    List<List<?>> lists = List.of(Int32List.of(3, 1, 3), Int16List.of((short) 3, (short) 1, (short) 3),
        Int64List.of(3L, 1L, 3L), Int8List.of((byte) 3, (byte) 1, (byte) 3),
        WireLists.wrap(new String[] {"c", "a", "c"}));
    for (List<?> list : lists) {
      List<Object> same = new ArrayList<>(list);
      assertEquals(same, list);
      assertEquals(list, same);
      assertEquals(same.hashCode(), list.hashCode());
      assertEquals(same.toString(), list.toString());
      assertEquals(0, list.indexOf(same.get(0)));
      assertEquals(2, list.lastIndexOf(same.get(0)));
      assertTrue(list.contains(same.get(1)));
      assertFalse(list.contains("absent"));
      assertEquals(same.subList(1, 3), list.subList(1, 3));
      ListIterator<?> it = list.listIterator(1);
      assertEquals(same.get(1), it.next());
      assertEquals(same.get(1), it.previous());
      assertNotEquals(list, same.subList(0, 2));
    }
  }

  @Test
  void theyCannotBeChanged() {
    List<Integer> ints = Int32List.of(1, 2);
    assertThrows(UnsupportedOperationException.class, () -> ints.set(0, 5));
    assertThrows(UnsupportedOperationException.class, () -> ints.add(5));
    assertThrows(UnsupportedOperationException.class, () -> ints.remove(0));
    assertThrows(UnsupportedOperationException.class, () -> ints.iterator().remove());
    assertThrows(UnsupportedOperationException.class, () -> ints.subList(0, 1).set(0, 5));
    List<String> view = WireLists.wrap(new String[] {"a"});
    assertThrows(UnsupportedOperationException.class, () -> view.set(0, "b"));
    assertThrows(UnsupportedOperationException.class, () -> view.add("b"));
    assertThrows(UnsupportedOperationException.class, () -> view.listIterator().set("b"));
  }

  @Test
  void emptyArraysAndStringsDecodeToSharedInstances() {
    byte[] twoEmptyStrings = {0, 0, 1};
    WireReader in = new WireReader(twoEmptyStrings);
    assertSame("", in.readString(false));
    assertSame("", in.readCompactString(false));
    assertSame(in.readInt32s(0), new WireReader(new byte[0]).readInt32s(0));
    assertSame(Int64List.of(), new WireReader(new byte[0]).readInt64s(0));
  }
}
