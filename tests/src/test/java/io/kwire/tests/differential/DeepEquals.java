package io.kwire.tests.differential;

import io.kwire.runtime.records.Records;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

/**
 * Compares two kwire values structurally: records component by component, lists element by
 * element, byte arrays and buffers by content, doubles by bits. Reports the first difference as a
 * readable path.
 */
public final class DeepEquals {
  private DeepEquals() {}

  /** {@code null} when equal, otherwise the path and both values of the first difference. */
  public static String firstDifference(Object expected, Object actual) {
    return compare(expected, actual, expected == null ? "" : expected.getClass().getSimpleName());
  }

  private static String compare(Object a, Object b, String path) {
    if (a == null || b == null) {
      return a == b ? null : differ(path, a, b);
    }
    if (a instanceof Record && a.getClass() == b.getClass()) {
      return compareRecords(a, b, path);
    }
    if (a instanceof List<?> la && b instanceof List<?> lb) {
      return compareLists(la, lb, path);
    }
    if (a instanceof byte[] ba && b instanceof byte[] bb) {
      return Arrays.equals(ba, bb) ? null : differ(path, hex(ba), hex(bb));
    }
    if (a instanceof ByteBuffer ba && b instanceof ByteBuffer bb) {
      return ba.equals(bb) ? null : differ(path, hex(remaining(ba)), hex(remaining(bb)));
    }
    if (a instanceof Records ra && b instanceof Records rb) {
      return ra.equals(rb) ? null : differ(path, hex(ra.toByteArray()), hex(rb.toByteArray()));
    }
    if (a instanceof Double da && b instanceof Double db) {
      return Double.doubleToLongBits(da) == Double.doubleToLongBits(db) ? null : differ(path, a, b);
    }
    return a.getClass() == b.getClass() && a.equals(b) ? null : differ(path, describe(a), describe(b));
  }

  private static String compareRecords(Object a, Object b, String path) {
    for (RecordComponent c : a.getClass().getRecordComponents()) {
      try {
        c.getAccessor().setAccessible(true);
        String d = compare(c.getAccessor().invoke(a), c.getAccessor().invoke(b), path + "." + c.getName());
        if (d != null) {
          return d;
        }
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot read " + c, e);
      }
    }
    return null;
  }

  private static String compareLists(List<?> a, List<?> b, String path) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      String d = compare(a.get(i), b.get(i), path + "[" + i + "]");
      if (d != null) {
        return d;
      }
    }
    return a.size() == b.size() ? null : differ(path + ".size()", a.size(), b.size());
  }

  private static byte[] remaining(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }

  private static String hex(byte[] bytes) {
    return "0x" + HexFormat.of().formatHex(bytes);
  }

  private static String describe(Object value) {
    return value + " (" + value.getClass().getSimpleName() + ")";
  }

  private static String differ(String path, Object expected, Object actual) {
    return path + ": expected " + expected + " but was " + actual;
  }
}
