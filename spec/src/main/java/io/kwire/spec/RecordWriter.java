package io.kwire.spec;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Writes one message spec as an annotated Java record with its structs as nested records: inline
 * structs in order of first appearance (depth first), then each common struct followed by its own
 * inline structs. The processor's spec export reads that order back, so records → spec → records
 * gives the same source.
 */
public final class RecordWriter {
  /** kwire-messages' package. */
  public static final String KAFKA_PACKAGE = "io.kwire.messages";
  private static final int MAX_LINE = 120;
  private static final String ANNOTATIONS = "io.kwire.annotations.";

  /** What a generated file holds, for the summary. */
  public record Result(String source, int structs, int fields) {}

  private final SpecMessage message;
  private final String javadoc;
  private final Imports imports;
  private final Map<String, SpecStruct> emitOrder = new LinkedHashMap<>();
  private int fieldCount;

  private RecordWriter(SpecMessage message, String javadoc) {
    this.message = message;
    this.javadoc = javadoc;
    collectStructs(message.fields());
    for (SpecStruct struct : message.structs().values()) {
      if (struct.common() && !emitOrder.containsKey(struct.name())) {
        emitOrder.put(struct.name(), struct);
        collectStructs(struct.fields());
      }
    }
    if (emitOrder.containsKey(message.name())) {
      throw new IllegalStateException(message.name() + ": a struct has the message's own name");
    }
    this.imports = new Imports(emitOrder.keySet());
  }

  /**
   * Writes {@code message} as a record of {@code packageName}, documented by the one sentence
   * {@code javadoc} (see {@link #kafkaJavadoc} and {@link #specJavadoc}).
   */
  public static Result write(SpecMessage message, String packageName, String javadoc) {
    RecordWriter writer = new RecordWriter(message, javadoc);
    String body = writer.body();
    String source = "package " + packageName + ";\n\n" + writer.imports.render() + "\n" + body;
    return new Result(source, writer.emitOrder.size(), writer.fieldCount);
  }

  /** Inline structs in order of first appearance, depth first. */
  private void collectStructs(List<SpecField> fields) {
    for (SpecField field : fields) {
      String name = field.structName();
      if (name != null && !emitOrder.containsKey(name) && !message.struct(name).common()) {
        SpecStruct struct = message.struct(name);
        emitOrder.put(name, struct);
        collectStructs(struct.fields());
      }
    }
  }

  private String body() {
    StringBuilder out = new StringBuilder();
    out.append("/** ").append(javadoc).append(" */\n");
    for (String line : wrap("", "@" + annotationName() + "(", messageAttributes(), ")")) {
      out.append(line).append('\n');
    }
    out.append("public record ").append(message.name()).append('(');
    if (emitOrder.isEmpty()) {
      appendComponents(out, message.fields(), "    ", ") {}");
      return out.toString();
    }
    appendComponents(out, message.fields(), "    ", ") {");
    for (SpecStruct struct : emitOrder.values()) {
      out.append("\n  public record ").append(struct.name()).append('(');
      appendComponents(out, struct.fields(), "      ", ") {}");
    }
    out.append("}\n");
    return out.toString();
  }

  /**
   * kwire-messages' sentence for one of Kafka's messages. {@code origin} is null for a message
   * merged from both Kafka releases, or the only release it comes from.
   */
  public static String kafkaJavadoc(SpecMessage message, String origin) {
    String kind = message.type();
    String base = message.name();
    if (message.isApi()) {
      String suffix = kind.equals("request") ? "Request" : "Response";
      if (base.endsWith(suffix)) {
        base = base.substring(0, base.length() - suffix.length());
      }
      String text = "Kafka's " + base + " " + kind + " (API key " + message.apiKey() + ")";
      return text + (origin == null ? "." : ", as kafka-clients " + origin + " defines it.");
    }
    String what = kind.equals("metadata") ? "metadata record" : kind + " message";
    return "Kafka's " + base + " " + what + (origin == null ? "." : ", as kafka-clients " + origin + " defines it.");
  }

  /** The sentence for a record written from a spec file, e.g. {@code The GreetRequest request (API key 10000), from GreetRequest.json.} */
  public static String specJavadoc(SpecMessage message, String file) {
    String what = message.isApi() ? message.type() + " (API key " + message.apiKey() + ")" : message.type() + " message";
    return "The " + message.name() + " " + what + ", from " + file + ".";
  }

  private String annotationName() {
    return imports.use(ANNOTATIONS + (message.isApi() ? "ApiKey" : "DataMessage"));
  }

  private List<String> messageAttributes() {
    List<String> attributes = new ArrayList<>();
    String type = imports.use(ANNOTATIONS + "MessageType") + "." + message.type().toUpperCase(Locale.ROOT);
    if (message.isApi()) {
      attributes.add("value = " + message.apiKey());
    }
    attributes.add("type = " + type);
    attributes.add("validVersions = " + quote(message.validVersions()));
    attributes.add("flexibleVersions = " + quote(message.flexibleVersions()));
    if (!message.isApi()) {
      return attributes;
    }
    if (message.deprecatedVersions() != null && !message.deprecatedVersions().equals("none")) {
      attributes.add("deprecatedVersions = " + quote(message.deprecatedVersions()));
    }
    if (message.latestVersionUnstable()) {
      attributes.add("latestVersionUnstable = true");
    }
    if (message.listeners() != null && !message.listeners().isEmpty()) {
      List<String> listeners = new ArrayList<>();
      for (String listener : message.listeners()) {
        listeners.add(imports.use(ANNOTATIONS + "Listener") + "." + listenerConstant(listener));
      }
      attributes.add("listeners = {" + String.join(", ", listeners) + "}");
    }
    return attributes;
  }

  /** The components, one per line (or more), then {@code end} and a line break. */
  private void appendComponents(StringBuilder out, List<SpecField> fields, String indent, String end) {
    boolean flexible = message.isFlexible();
    if (fields.isEmpty() && !flexible) {
      out.append(end).append('\n');
      return;
    }
    out.append('\n');
    Set<String> used = new HashSet<>();
    for (int i = 0; i < fields.size(); i++) {
      boolean last = i == fields.size() - 1 && !flexible;
      out.append(component(fields.get(i), used, indent, last ? end : ",")).append('\n');
      fieldCount++;
    }
    if (flexible) {
      out.append(indent).append(imports.use("io.kwire.runtime.wire.UnknownTaggedFields")).append(" unknownTaggedFields")
          .append(end).append('\n');
    }
  }

  /** One component, possibly over several lines, followed by {@code suffix}. */
  private String component(SpecField field, Set<String> used, String indent, String suffix) {
    String kafkaName = field.name();
    String javaName = JavaNames.lowerFirst(kafkaName);
    boolean explicitName = !Character.isUpperCase(kafkaName.charAt(0));
    if (!JavaNames.isUsable(javaName) || used.contains(javaName)) {
      javaName = javaName + "Value";
      explicitName = true;
    }
    if (!used.add(javaName)) {
      throw new IllegalStateException(message.name() + ": cannot name field " + kafkaName);
    }
    List<String> attributes = new ArrayList<>();
    attributes.add("versions = " + quote(field.versions()));
    if (field.nullableVersions() != null && !field.nullableVersions().equals("none")) {
      attributes.add("nullableVersions = " + quote(field.nullableVersions()));
    }
    if (field.tag() != null) {
      attributes.add("tag = " + field.tag());
    }
    if (field.taggedVersions() != null && !field.taggedVersions().equals("none")) {
      attributes.add("taggedVersions = " + quote(field.taggedVersions()));
    }
    if (field.ignorable()) {
      attributes.add("ignorable = true");
    }
    if (field.defaultValue() != null && !field.elementType().equals("records")) {
      attributes.add("defaultValue = " + quote(field.defaultValue()));
    }
    if (field.mapKey()) {
      attributes.add("mapKey = true");
    }
    if (field.flexibleVersions() != null) {
      attributes.add("flexibleVersions = " + quote(field.flexibleVersions()));
    }
    String element = field.elementType();
    if (element.equals("uint16") || element.equals("uint32")) {
      attributes.add("type = " + imports.use(ANNOTATIONS + "WireType") + "." + element.toUpperCase(Locale.ROOT));
    }
    if (field.zeroCopy()) {
      attributes.add("zeroCopy = true");
    }
    String entity = entityConstant(field.entityType());
    if (entity != null) {
      attributes.add("entityType = " + imports.use(ANNOTATIONS + "EntityType") + "." + entity);
    }
    if (SensitiveFields.isSensitive(message.name(), kafkaName)) {
      attributes.add("sensitive = true");
    }
    if (explicitName) {
      attributes.add("name = " + quote(kafkaName));
    }
    String tail = ") " + javaType(field) + " " + javaName + suffix;
    return String.join("\n", wrap(indent, "@" + imports.use(ANNOTATIONS + "Field") + "(", attributes, tail));
  }

  private String javaType(SpecField field) {
    String element = field.elementType();
    if (!field.isArray()) {
      return switch (element) {
        case "bool" -> "boolean";
        case "int8" -> "byte";
        case "int16" -> "short";
        case "uint16", "int32" -> "int";
        case "uint32", "int64" -> "long";
        case "float64" -> "double";
        default -> referenceType(field, element);
      };
    }
    String boxed = switch (element) {
      case "bool" -> "Boolean";
      case "int8" -> "Byte";
      case "int16" -> "Short";
      case "uint16", "int32" -> "Integer";
      case "uint32", "int64" -> "Long";
      case "float64" -> "Double";
      default -> referenceType(field, element);
    };
    return imports.use("java.util.List") + "<" + boxed + ">";
  }

  private String referenceType(SpecField field, String element) {
    return switch (element) {
      case "string" -> imports.use("java.lang.String");
      case "uuid" -> imports.use("java.util.UUID");
      case "bytes" -> field.zeroCopy() ? imports.use("java.nio.ByteBuffer") : "byte[]";
      case "records" -> imports.use("io.kwire.runtime.records.Records");
      default -> {
        if (field.structName() == null) {
          throw new IllegalStateException(message.name() + ": unknown type " + field.type());
        }
        yield element;
      }
    };
  }

  private static String listenerConstant(String listener) {
    return switch (listener) {
      case "broker" -> "BROKER";
      case "controller" -> "CONTROLLER";
      case "zkBroker" -> "ZK_BROKER";
      default -> throw new IllegalStateException("unknown listener " + listener);
    };
  }

  /** The EntityType constant, or null for entity types the annotation does not know. */
  public static String entityConstant(String entityType) {
    if (entityType == null) {
      return null;
    }
    return switch (entityType) {
      case "transactionalId" -> "TRANSACTIONAL_ID";
      case "producerId" -> "PRODUCER_ID";
      case "groupId" -> "GROUP_ID";
      case "topicName" -> "TOPIC_NAME";
      case "brokerId" -> "BROKER_ID";
      default -> null;
    };
  }

  private static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /**
   * Lays out {@code head + attributes joined by ", " + tail} in lines of at most {@link #MAX_LINE}
   * characters where possible, continuing four spaces deeper than {@code indent}.
   */
  public static List<String> wrap(String indent, String head, List<String> attributes, String tail) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(indent).append(head);
    for (int i = 0; i < attributes.size(); i++) {
      String piece = attributes.get(i) + (i == attributes.size() - 1 ? tail : ",");
      boolean first = i == 0;
      int extra = (first ? 0 : 1) + piece.length();
      if (!first && line.length() + extra > MAX_LINE) {
        lines.add(line.toString());
        line = new StringBuilder(indent).append("    ").append(piece);
      } else {
        line.append(first ? "" : " ").append(piece);
      }
    }
    if (attributes.isEmpty()) {
      line.append(tail);
    }
    lines.add(line.toString());
    return lines;
  }
}
