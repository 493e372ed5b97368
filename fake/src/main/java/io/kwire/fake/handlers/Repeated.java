package io.kwire.fake.handlers;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** The keys a request names more than once (a topic twice in one CreateTopics, say): Kafka refuses each such entry. */
final class Repeated {
  private Repeated() {}

  static <T, K> Set<K> keys(List<T> entries, Function<T, K> key) {
    Set<K> seen = new HashSet<>();
    Set<K> repeated = new HashSet<>();
    for (T entry : entries) {
      K k = key.apply(entry);
      if (!seen.add(k)) {
        repeated.add(k);
      }
    }
    return repeated;
  }
}
