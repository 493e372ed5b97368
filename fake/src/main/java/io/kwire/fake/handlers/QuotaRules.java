package io.kwire.fake.handlers;

import io.kwire.fake.security.ClientQuotas;
import java.util.Map;

/** Kafka's rules for client quota entities and keys, as its controller checks an alteration. */
final class QuotaRules {
  /** The keys of user and client-id entities and whether each takes whole numbers only. */
  private static final Map<String, Boolean> CLIENT_KEYS = Map.of("producer_byte_rate", true,
      "consumer_byte_rate", true, "request_percentage", false, "controller_mutation_rate", false);
  private static final Map<String, Boolean> IP_KEYS = Map.of("connection_creation_rate", true);

  private QuotaRules() {}

  /** Why Kafka refuses the entity (type to name, null the default), or null. */
  static String invalidEntity(Map<String, String> entity, boolean duplicateType) {
    if (entity.isEmpty()) {
      return "Invalid empty client quota entity";
    }
    if (duplicateType) {
      return "Invalid empty client quota entity, duplicate entity entry";
    }
    for (Map.Entry<String, String> e : entity.entrySet()) {
      String type = e.getKey();
      if (!type.equals(ClientQuotas.USER) && !type.equals(ClientQuotas.CLIENT_ID) && !type.equals(ClientQuotas.IP)) {
        return "Unhandled client quota entity type: " + type;
      }
      if (e.getValue() != null && e.getValue().isEmpty()) {
        return "Empty " + type + " not supported";
      }
      if (type.equals(ClientQuotas.IP) && e.getValue() != null && !isIpAddress(e.getValue())) {
        return e.getValue() + " is not a valid IP or resolvable host.";
      }
    }
    if (entity.containsKey(ClientQuotas.IP)
        && (entity.containsKey(ClientQuotas.USER) || entity.containsKey(ClientQuotas.CLIENT_ID))) {
      return "Invalid quota entity combination, IP entity shouldnot be combined with User or ClientId";
    }
    return null;
  }

  /** Why Kafka refuses setting {@code key} to {@code value} on the entity, or null. */
  static String invalidValue(Map<String, String> entity, String key, double value, boolean remove) {
    Map<String, Boolean> keys = entity.containsKey(ClientQuotas.IP) ? IP_KEYS : CLIENT_KEYS;
    Boolean whole = keys.get(key);
    if (whole == null) {
      return "Invalid configuration key " + key;
    }
    if (remove) {
      return null;
    }
    if (whole && value != Math.rint(value)) {
      return key + " cannot be a fractional value.";
    }
    if (!(value > 0) || Double.isInfinite(value)) {
      return "Quota " + key + " must be greater than 0";
    }
    return null;
  }

  /** A literal IPv4 or IPv6 address (the fake resolves no host names). */
  private static boolean isIpAddress(String s) {
    if (s.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
      for (String part : s.split("\\.")) {
        if (Integer.parseInt(part) > 255) {
          return false;
        }
      }
      return true;
    }
    return s.contains(":") && s.matches("[0-9a-fA-F:.]+");
  }
}
