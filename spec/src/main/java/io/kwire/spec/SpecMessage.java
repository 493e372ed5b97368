package io.kwire.spec;

import java.util.List;
import java.util.Map;

/**
 * One message spec: its header attributes, top-level fields and every struct it declares (inline
 * and common), by name. {@code apiKey} is null for data and header messages.
 */
public record SpecMessage(
    String name,
    String type,
    Integer apiKey,
    String validVersions,
    String flexibleVersions,
    String deprecatedVersions,
    boolean latestVersionUnstable,
    List<String> listeners,
    List<SpecField> fields,
    Map<String, SpecStruct> structs) {

  public boolean isApi() {
    return apiKey != null;
  }

  /** How messages of the two Kafka versions are paired: API key and type, else name. */
  public String pairingKey() {
    return isApi() ? String.format("%05d-%s", apiKey, type) : name;
  }

  public boolean isFlexible() {
    return !Versions.parse(flexibleVersions).isEmpty();
  }

  public SpecStruct struct(String structName) {
    SpecStruct struct = structs.get(structName);
    if (struct == null) {
      throw new IllegalStateException(name + ": unknown struct " + structName);
    }
    return struct;
  }
}
