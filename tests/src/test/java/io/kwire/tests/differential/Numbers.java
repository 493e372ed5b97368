package io.kwire.tests.differential;

/** Puts an integer into the boxed type of a record component (byte, short, int or long). */
final class Numbers {
  private Numbers() {}

  static Object box(long value, Class<?> javaClass) {
    if (javaClass == byte.class || javaClass == Byte.class) {
      return (byte) value;
    }
    if (javaClass == short.class || javaClass == Short.class) {
      return (short) value;
    }
    if (javaClass == int.class || javaClass == Integer.class) {
      return (int) value;
    }
    if (javaClass == long.class || javaClass == Long.class) {
      return value;
    }
    throw new IllegalArgumentException("not an integer type: " + javaClass);
  }

  /** The inclusive range of a Kafka integer type: {min, max}. */
  static long[] range(String kafkaType) {
    return switch (kafkaType) {
      case "int8" -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
      case "int16" -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
      case "uint16" -> new long[] {0, 0xFFFF};
      case "int32" -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
      case "uint32" -> new long[] {0, 0xFFFF_FFFFL};
      case "int64" -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE};
      default -> throw new IllegalArgumentException("not an integer type: " + kafkaType);
    };
  }

  static boolean isInteger(String kafkaType) {
    return switch (kafkaType) {
      case "int8", "int16", "uint16", "int32", "uint32", "int64" -> true;
      default -> false;
    };
  }
}
