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

  /**
   * The quota {@code key} that applies to a client, in Kafka's order of precedence (user and client
   * id, user and default client, user, default user and client id, default user and default client,
   * default user, client id, default client), with the measuring key its entity gives: the parts of
   * the entity, user and client id, filled with the client's own (null for a part the entity lacks).
   * Null when no quota applies.
   */
  public Applied applied(String user, String clientId, String key) {
    String[][] order = {{user, clientId}, {user, null}, {user, ""}, {null, clientId}, {null, null}, {null, ""},
        {"", clientId}, {"", null}};
    for (String[] candidate : order) {
      // "" marks a part the entity does not have; null its default
      Map<String, String> entity = new TreeMap<>();
      if (!"".equals(candidate[0])) {
        entity.put(USER, candidate[0]);
      }
      if (!"".equals(candidate[1])) {
        entity.put(CLIENT_ID, candidate[1]);
      }
      Double bound = quotas.getOrDefault(entity(entity), Map.of()).get(key);
      if (bound != null) {
        return new Applied(bound, java.util.Arrays.asList(entity.containsKey(USER) ? user : null,
            entity.containsKey(CLIENT_ID) ? clientId : null));
      }
    }
    return null;
  }

  /** A quota that applies: its bound and the key its rate is measured under. */
  public record Applied(double bound, java.util.List<String> rateKey) {}
}
