package io.kwire.bench.oracle;

import java.util.Set;

/** Java types that pass between kwire and Kafka unchanged. */
final class KafkaTypes {
  private static final Set<Class<?>> BOXES =
      Set.of(Boolean.class, Byte.class, Short.class, Integer.class, Long.class, Double.class);

  private KafkaTypes() {}

  static boolean isBoxed(Class<?> c) {
    return BOXES.contains(c);
  }
}
