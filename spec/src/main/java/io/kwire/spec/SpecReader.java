package io.kwire.spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a Kafka message spec file into a {@link SpecMessage}. */
public final class SpecReader {
  private SpecReader() {}

  public static SpecMessage read(Path file) throws IOException {
    return read(Files.readString(file, StandardCharsets.UTF_8), file.toString());
  }

  /**
   * Reads a spec's text; {@code source} names it in errors. A text that is not a spec raises an
   * {@link IllegalArgumentException} saying where and why.
   */
  public static SpecMessage read(String text, String source) {
    try {
      SpecMessage spec = parse(Json.parse(text, source));
      if (spec.name() == null || spec.type() == null || spec.validVersions() == null) {
        throw new IllegalArgumentException("it needs a name, a type and validVersions");
      }
      return spec;
    } catch (ClassCastException | NullPointerException | IllegalArgumentException e) {
      if (e instanceof IllegalArgumentException && e.getMessage() != null && e.getMessage().startsWith(source)) {
        throw e;
      }
      throw new IllegalArgumentException(source + ": not a Kafka message spec: " + e.getMessage(), e);
    }
  }

  private static SpecMessage parse(Object root) {
    Map<String, Object> json = asObject(root);
    Map<String, SpecStruct> structs = new LinkedHashMap<>();
    List<SpecField> fields = readFields(json.get("fields"), structs);
    if (json.get("commonStructs") != null) {
      for (Object item : asList(json.get("commonStructs"))) {
        Map<String, Object> common = asObject(item);
        String name = (String) common.get("name");
        addStruct(structs, new SpecStruct(name, readFields(common.get("fields"), structs), true));
      }
    }
    Object apiKey = json.get("apiKey");
    List<String> listeners = null;
    if (json.get("listeners") != null) {
      listeners = new ArrayList<>();
      for (Object listener : asList(json.get("listeners"))) {
        listeners.add((String) listener);
      }
    }
    return new SpecMessage(
        (String) json.get("name"),
        (String) json.get("type"),
        apiKey == null ? null : Integer.valueOf(apiKey.toString()),
        (String) json.get("validVersions"),
        json.get("flexibleVersions") == null ? "none" : (String) json.get("flexibleVersions"),
        (String) json.get("deprecatedVersions"),
        Boolean.TRUE.equals(json.get("latestVersionUnstable")),
        listeners,
        fields,
        structs);
  }

  private static List<SpecField> readFields(Object array, Map<String, SpecStruct> structs) {
    List<SpecField> fields = new ArrayList<>();
    if (array == null) {
      return fields;
    }
    for (Object item : asList(array)) {
      Map<String, Object> json = asObject(item);
      SpecField field = new SpecField(
          (String) json.get("name"),
          (String) json.get("type"),
          (String) json.get("versions"),
          (String) json.get("nullableVersions"),
          (String) json.get("taggedVersions"),
          json.get("tag") == null ? null : Integer.valueOf(json.get("tag").toString()),
          Boolean.TRUE.equals(json.get("ignorable")),
          // "default": -1 and "default": "-1" mean the same; keep the text.
          json.containsKey("default") ? String.valueOf(json.get("default")) : null,
          Boolean.TRUE.equals(json.get("mapKey")),
          (String) json.get("flexibleVersions"),
          Boolean.TRUE.equals(json.get("zeroCopy")),
          (String) json.get("entityType"));
      if (field.name() == null || field.type() == null) {
        throw new IllegalArgumentException("every field needs a name and a type");
      }
      if (field.versions() == null && field.taggedVersions() != null) {
        field = field.withVersions(field.taggedVersions(), field.nullableVersions(), field.taggedVersions());
      }
      fields.add(field);
      if (json.get("fields") != null) {
        // Read the struct's own fields first so that nested structs are known too.
        List<SpecField> structFields = readFields(json.get("fields"), structs);
        addStruct(structs, new SpecStruct(field.structName(), structFields, false));
      }
    }
    return fields;
  }

  private static void addStruct(Map<String, SpecStruct> structs, SpecStruct struct) {
    if (structs.put(struct.name(), struct) != null) {
      throw new IllegalArgumentException("struct " + struct.name() + " is declared twice");
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> asObject(Object value) {
    return (Map<String, Object>) value;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> asList(Object value) {
    return (List<Object>) value;
  }
}
