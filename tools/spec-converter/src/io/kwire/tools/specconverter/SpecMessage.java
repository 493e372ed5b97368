package io.kwire.tools.specconverter;

import java.util.List;
import java.util.Map;

/**
 * One message spec: its header attributes, top-level fields and every struct it declares (inline
 * and common), by name. {@code apiKey} is null for data and header messages.
 */
record SpecMessage(
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

  boolean isApi() {
    return apiKey != null;
  }

  /** How messages of the two Kafka versions are paired: API key and type, else name. */
  String pairingKey() {
    return isApi() ? String.format("%05d-%s", apiKey, type) : name;
  }

  boolean isFlexible() {
    return !Versions.parse(flexibleVersions).isEmpty();
  }

  SpecStruct struct(String structName) {
    SpecStruct struct = structs.get(structName);
    if (struct == null) {
      throw new IllegalStateException(name + ": unknown struct " + structName);
    }
    return struct;
  }
}
