package io.kwire.fake.security;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Client quotas by entity, as Kafka keeps them: an entity maps entity types ({@code user},
 * {@code client-id}, {@code ip}) to a name, null for the type's default; each has its quota values
 * by key ({@code producer_byte_rate}...). At most {@link #MAX_ENTITIES} entities.
 */
public final class ClientQuotas {
  /** The most entities with quotas kept; an alteration adding one past it is refused. */
  public static final int MAX_ENTITIES = 10_000;

  public static final String USER = "user";
  public static final String CLIENT_ID = "client-id";
  public static final String IP = "ip";

  private final Map<Map<String, String>, Map<String, Double>> quotas = new LinkedHashMap<>();

  /** An entity as the store keys it: sorted by type, unmodifiable, null names allowed (defaults). */
  public static Map<String, String> entity(Map<String, String> entries) {
    return Collections.unmodifiableMap(new TreeMap<>(entries));
  }

  /** Every entity with its values, in the order they were first set. */
  public Map<Map<String, String>, Map<String, Double>> all() {
    return Collections.unmodifiableMap(quotas);
  }

  /** The entity's values (empty if none). */
  public Map<String, Double> values(Map<String, String> entity) {
    return quotas.getOrDefault(entity(entity), Map.of());
  }

  /** Whether the entity may be altered: it has values already, or there is room for one more. */
  public boolean hasRoomFor(Map<String, String> entity) {
    return quotas.containsKey(entity(entity)) || quotas.size() < MAX_ENTITIES;
  }

  /** Sets ({@code value} non-null) or removes a value; an entity left with none goes. */
  public void set(Map<String, String> entity, String key, Double value) {
    Map<String, String> k = entity(entity);
    if (value != null) {
      quotas.computeIfAbsent(k, e -> new TreeMap<>()).put(key, value);
      return;
    }
    Map<String, Double> values = quotas.get(k);
    if (values != null) {
      values.remove(key);
      if (values.isEmpty()) {
        quotas.remove(k);
      }
    }
  }
}
