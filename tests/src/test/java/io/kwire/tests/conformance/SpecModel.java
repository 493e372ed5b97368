package io.kwire.tests.conformance;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Kafka's JSON message spec, read into plain records. Attributes keep Kafka's spelling and are
 * held as declared (version ranges as text, defaults as text); an unknown attribute is an error,
 * as it is for Kafka's generator, so a new spec feature cannot slip past this test unnoticed.
 */
final class SpecModel {
  private SpecModel() {}

  private static final Set<String> MESSAGE_KEYS = Set.of("apiKey", "type", "name", "validVersions",
      "flexibleVersions", "deprecatedVersions", "latestVersionUnstable", "listeners", "fields", "commonStructs");
  private static final Set<String> STRUCT_KEYS = Set.of("name", "versions", "fields");
  private static final Set<String> FIELD_KEYS = Set.of("name", "type", "versions", "nullableVersions", "tag",
      "taggedVersions", "ignorable", "default", "mapKey", "flexibleVersions", "zeroCopy", "entityType", "about",
      "fields");

  /** One spec file: the message and its common structs. Absent ranges are {@code null}. */
  record MessageSpec(
      String name,
      String type,
      Integer apiKey,
      String validVersions,
      String flexibleVersions,
      String deprecatedVersions,
      boolean latestVersionUnstable,
      List<String> listeners,
      List<FieldSpec> fields,
      Map<String, StructSpec> commonStructs) {

    SpecVersions valid() {
      return SpecVersions.parse(validVersions);
    }

    SpecVersions flexible() {
      return SpecVersions.parseOr(flexibleVersions, SpecVersions.NONE);
    }

    SpecVersions deprecated() {
      return SpecVersions.parseOr(deprecatedVersions, SpecVersions.NONE);
    }

    /** The child fields of a struct or struct-array field: inline, else the common struct it names. */
    List<FieldSpec> childrenOf(FieldSpec field) {
      if (!field.fields().isEmpty()) {
        return field.fields();
      }
      StructSpec common = commonStructs.get(field.elementType());
      return common == null ? List.of() : common.fields();
    }

    boolean isStruct(FieldSpec field) {
      return !field.fields().isEmpty() || commonStructs.containsKey(field.elementType());
    }
  }

  record StructSpec(String name, String versions, List<FieldSpec> fields) {}

  /** One field; {@code flexibleVersions} is {@code null} unless the field overrides the message's. */
  record FieldSpec(
      String name,
      String type,
      String versions,
      String nullableVersions,
      Integer tag,
      String taggedVersions,
      boolean ignorable,
      String defaultValue,
      boolean mapKey,
      String flexibleVersions,
      boolean zeroCopy,
      String entityType,
      List<FieldSpec> fields) {

    /** Kafka's rule: {@code versions} may be omitted when {@code taggedVersions} is given. */
    SpecVersions present() {
      return SpecVersions.parseOr(versions, tagged());
    }

    SpecVersions nullable() {
      return SpecVersions.parseOr(nullableVersions, SpecVersions.NONE);
    }

    SpecVersions tagged() {
      return SpecVersions.parseOr(taggedVersions, SpecVersions.NONE);
    }

    /** The element type of an array, else the type itself. */
    String elementType() {
      return type.startsWith("[]") ? type.substring(2) : type;
    }
  }

  static MessageSpec parse(String json) {
    Map<String, Object> root = object(Json.parse(json), "spec");
    checkKeys(root, MESSAGE_KEYS, "message");
    String name = required(root, "name", "message");
    Map<String, StructSpec> common = new LinkedHashMap<>();
    for (Object o : list(root.get("commonStructs"))) {
      Map<String, Object> s = object(o, name + ".commonStructs");
      checkKeys(s, STRUCT_KEYS, name + ".commonStructs");
      String structName = required(s, "name", name + ".commonStructs");
      common.put(structName, new StructSpec(structName, text(s.get("versions")),
          fields(s.get("fields"), name + "." + structName)));
    }
    String apiKey = text(root.get("apiKey"));
    List<String> listeners = new ArrayList<>();
    for (Object l : list(root.get("listeners"))) {
      listeners.add(text(l));
    }
    return new MessageSpec(
        name,
        required(root, "type", name),
        apiKey == null ? null : Integer.valueOf(apiKey),
        required(root, "validVersions", name),
        text(root.get("flexibleVersions")),
        text(root.get("deprecatedVersions")),
        flag(root.get("latestVersionUnstable")),
        List.copyOf(listeners),
        fields(root.get("fields"), name),
        Map.copyOf(common));
  }

  private static List<FieldSpec> fields(Object json, String path) {
    List<FieldSpec> fields = new ArrayList<>();
    for (Object o : list(json)) {
      Map<String, Object> f = object(o, path);
      checkKeys(f, FIELD_KEYS, path);
      String name = required(f, "name", path);
      String tag = text(f.get("tag"));
      fields.add(new FieldSpec(
          name,
          required(f, "type", path + "." + name),
          text(f.get("versions")),
          text(f.get("nullableVersions")),
          tag == null ? null : Integer.valueOf(tag),
          text(f.get("taggedVersions")),
          flag(f.get("ignorable")),
          text(f.get("default")),
          flag(f.get("mapKey")),
          text(f.get("flexibleVersions")),
          flag(f.get("zeroCopy")),
          text(f.get("entityType")),
          fields(f.get("fields"), path + "." + name)));
    }
    return List.copyOf(fields);
  }

  private static void checkKeys(Map<String, Object> map, Set<String> allowed, String where) {
    for (String key : map.keySet()) {
      if (!allowed.contains(key)) {
        throw new IllegalArgumentException(where + ": unknown spec attribute \"" + key + "\"");
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> object(Object json, String where) {
    if (!(json instanceof Map)) {
      throw new IllegalArgumentException(where + ": expected a JSON object");
    }
    return (Map<String, Object>) json;
  }

  /** A JSON array as a list; a single value counts as a one-element array (Kafka reads specs so). */
  @SuppressWarnings("unchecked")
  private static List<Object> list(Object json) {
    if (json == null) {
      return List.of();
    }
    return json instanceof List ? (List<Object>) json : List.of(json);
  }

  /** Scalars as Kafka binds them: to their text, whether written as string, number or boolean. */
  private static String text(Object json) {
    return json == null ? null : json.toString();
  }

  private static boolean flag(Object json) {
    return json != null && Boolean.parseBoolean(json.toString().trim());
  }

  private static String required(Map<String, Object> map, String key, String where) {
    String value = text(map.get(key));
    if (value == null) {
      throw new IllegalArgumentException(where + ": missing \"" + key + "\"");
    }
    return value;
  }
}
