package io.kwire.tools.specconverter;

import io.kwire.spec.JavaNames;
import io.kwire.spec.RecordWriter;
import io.kwire.spec.SensitiveFields;
import io.kwire.spec.SpecField;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.Versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks a generated record against the raw specs it came from, version by version: for every
 * version, the fields on the wire (name, type, nullability, tag, in order, structs recursively)
 * must be those of the spec that decides the version (4.4.0 where it defines the version, else
 * 3.9.1). Where 4.4.0 decides, defaults, ignorable, mapKey and entity types must match too, and
 * secrets must be marked as {@link SensitiveFields} lists them.
 */
final class SelfCheck {
  private final GeneratedRecords generated;
  private final List<String> problems = new ArrayList<>();

  private SelfCheck(GeneratedRecords generated) {
    this.generated = generated;
  }

  /** Problems found; empty when the record matches. {@code old} or {@code current} may be null. */
  static List<String> check(String source, SpecMessage old, SpecMessage current) {
    SelfCheck check = new SelfCheck(new GeneratedRecords(source));
    check.run(old, current);
    return check.problems;
  }

  private void run(SpecMessage old, SpecMessage current) {
    Versions oldValid = old == null ? Versions.NONE : Versions.parse(old.validVersions());
    Versions newValid = current == null ? Versions.NONE : Versions.parse(current.validVersions());
    Versions written = Versions.parse(generated.messageAttributes.get("validVersions"));
    Versions flexible = Versions.parse(generated.messageAttributes.get("flexibleVersions"));
    int lowest = Math.min(oldValid.isEmpty() ? Integer.MAX_VALUE : oldValid.lowest(),
        newValid.isEmpty() ? Integer.MAX_VALUE : newValid.lowest());
    int highest = Math.max(oldValid.highest(), newValid.highest());
    if (written.lowest() != lowest || written.highest() != highest) {
      problems.add("validVersions " + written + ", expected " + lowest + "-" + highest);
    }
    for (int v = lowest; v <= highest; v++) {
      boolean newDecides = newValid.contains(v);
      SpecMessage spec = newDecides ? current : old;
      if (Versions.parse(spec.flexibleVersions()).contains(v) != flexible.contains(v)) {
        problems.add("v" + v + ": flexibility differs");
      }
      String expected = fromSpec(spec, spec.fields(), v, newDecides);
      String actual = fromRecord(generated.messageName, v, newDecides);
      if (!expected.equals(actual)) {
        problems.add("v" + v + ":\n  spec:      " + expected + "\n  generated: " + actual);
      }
    }
  }

  private String fromSpec(SpecMessage spec, List<SpecField> fields, int v, boolean attributes) {
    List<String> tokens = new ArrayList<>();
    for (SpecField field : fields) {
      if (!Versions.parse(field.versions()).contains(v)) {
        continue;
      }
      String type = field.structName() == null
          ? field.elementType()
          : "{" + fromSpec(spec, spec.struct(field.structName()).fields(), v, attributes) + "}";
      String extras = "";
      if (attributes) {
        String value = field.elementType().equals("records") ? null : field.defaultValue();
        extras = "|" + value + "|" + field.ignorable() + "|" + field.mapKey() + "|"
            + RecordWriter.entityConstant(field.entityType())
            + "|" + SensitiveFields.isSensitive(generated.messageName, field.name());
      }
      tokens.add(token(field.name(), (field.isArray() ? "[]" : "") + type,
          Versions.parse(field.nullableVersions()).contains(v),
          Versions.parse(field.taggedVersions()).contains(v) ? field.tag() : null,
          field.flexibleVersions(), extras));
    }
    return String.join(", ", tokens);
  }

  private String fromRecord(String recordName, int v, boolean attributes) {
    List<String> tokens = new ArrayList<>();
    for (GeneratedRecords.Component component : generated.records.get(recordName)) {
      Map<String, String> a = component.attributes();
      if (a.isEmpty()) {
        if (!component.javaType().equals("UnknownTaggedFields")) {
          problems.add(recordName + "." + component.javaName() + ": component without @Field");
        }
        continue;
      }
      if (!Versions.parse(a.get("versions")).contains(v)) {
        continue;
      }
      String javaType = component.javaType();
      boolean array = javaType.startsWith("List<");
      String element = array ? javaType.substring(5, javaType.length() - 1) : javaType;
      String type = wireType(element, a.get("type"));
      if (type == null) {
        type = "{" + fromRecord(element, v, attributes) + "}";
      }
      String name = a.containsKey("name") ? a.get("name") : JavaNames.upperFirst(component.javaName());
      String extras = "";
      if (attributes) {
        String entity = a.get("entityType");
        extras = "|" + a.get("defaultValue") + "|" + "true".equals(a.get("ignorable"))
            + "|" + "true".equals(a.get("mapKey"))
            + "|" + (entity == null ? null : entity.substring(entity.lastIndexOf('.') + 1))
            + "|" + "true".equals(a.get("sensitive"));
      }
      tokens.add(token(name, (array ? "[]" : "") + type,
          Versions.parse(a.get("nullableVersions")).contains(v),
          Versions.parse(a.get("taggedVersions")).contains(v) ? Integer.valueOf(a.get("tag")) : null,
          a.get("flexibleVersions"), extras));
    }
    return String.join(", ", tokens);
  }

  /** The spec type of a Java element type (and its {@code type =} attribute), or null for a nested record. */
  private static String wireType(String javaType, String wireType) {
    String declared = wireType == null ? "" : wireType.substring(wireType.lastIndexOf('.') + 1);
    String type = switch (javaType) {
      case "boolean", "Boolean" -> "bool";
      case "byte", "Byte" -> "int8";
      case "short", "Short" -> "int16";
      case "int", "Integer" -> declared.equals("UINT16") ? "uint16" : "int32";
      case "long", "Long" -> declared.equals("UINT32") ? "uint32" : "int64";
      case "double", "Double" -> "float64";
      case "String" -> "string";
      case "UUID" -> "uuid";
      case "byte[]", "ByteBuffer" -> "bytes";
      case "Records" -> "records";
      default -> null;
    };
    if (!declared.isEmpty() && !declared.toLowerCase(Locale.ROOT).equals(type)) {
      return "(" + javaType + " with " + declared + ")";
    }
    return type;
  }

  private static String token(String name, String type, boolean nullable, Integer tag, String flexible,
      String extras) {
    return name + ":" + type + (nullable ? "?" : "") + (tag == null ? "" : "#" + tag)
        + (flexible == null ? "" : "~" + flexible) + extras;
  }
}
