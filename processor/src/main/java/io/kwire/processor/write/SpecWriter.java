package io.kwire.processor.write;

import com.palantir.javapoet.ClassName;
import io.kwire.annotations.Listener;
import io.kwire.annotations.MessageType;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Writes a message's spec in Kafka's JSON format ({@code common/message/*.json} of kafka-clients)
 * into the class output, as {@code META-INF/kwire/specs/<Name>.json}: every jar then carries the
 * schema it was built with, for {@code kwire spec} and for the baseline check of a later build.
 *
 * <p>Deterministic: attributes in Kafka's order, one line per field as Kafka's files have them, no
 * dates. Only attributes away from Kafka's defaults are written; {@code versions} always.
 * kwire's {@code sensitive} has no place in Kafka's format and is left out.
 */
public final class SpecWriter {
  /** Where the specs live in a jar or class output. */
  public static final String SPEC_DIRECTORY = "META-INF/kwire/specs/";

  private final MessageModel message;
  private final Set<ClassName> common;
  private final Set<ClassName> defined = new HashSet<>();
  private final StringBuilder out = new StringBuilder();

  private SpecWriter(MessageModel message) {
    this.message = message;
    this.common = Set.copyOf(message.commonStructs());
  }

  /** The resource name of a message's spec. */
  public static String resourceName(MessageModel message) {
    return SPEC_DIRECTORY + message.name() + ".json";
  }

  public static void write(MessageModel message, Element origin, Filer filer) throws IOException {
    FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", resourceName(message), origin);
    try (Writer w = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
      w.write(toJson(message));
    }
  }

  /** The spec's text. */
  public static String toJson(MessageModel message) {
    return new SpecWriter(message).json();
  }

  private String json() {
    List<String> header = new ArrayList<>();
    message.apiKey().ifPresent(key -> header.add(member("apiKey", Integer.toString(key))));
    header.add(member("type", string(message.type().name().toLowerCase(Locale.ROOT))));
    if (message.type() == MessageType.REQUEST && !message.listeners().isEmpty()) {
      List<String> listeners = message.listeners().stream().map(l -> string(spelling(l))).toList();
      header.add(member("listeners", "[" + String.join(", ", listeners) + "]"));
    }
    header.add(member("name", string(message.name())));
    header.add(member("validVersions", string(message.validVersions().toString())));
    if (!message.deprecatedVersions().isEmpty()) {
      header.add(member("deprecatedVersions", string(message.deprecatedVersions().toString())));
    }
    header.add(member("flexibleVersions", string(message.flexibleVersions().toString())));
    if (message.latestVersionUnstable()) {
      header.add(member("latestVersionUnstable", "true"));
    }
    out.append("{\n");
    for (String line : header) {
      out.append("  ").append(line).append(",\n");
    }
    out.append("  \"fields\": [");
    fields(message.body().fields(), "    ");
    out.append("]");
    if (!message.commonStructs().isEmpty()) {
      out.append(",\n  \"commonStructs\": [\n");
      List<ClassName> structs = message.commonStructs();
      for (int i = 0; i < structs.size(); i++) {
        StructModel struct = message.struct(structs.get(i));
        out.append("    { ").append(member("name", string(struct.name()))).append(", ")
            .append(member("versions", string(struct.reachableVersions().toString()))).append(", \"fields\": [");
        fields(struct.fields(), "      ");
        out.append("]}").append(i == structs.size() - 1 ? "\n" : ",\n");
      }
      out.append("  ]");
    }
    out.append("\n}\n");
    return out.toString();
  }

  /** The fields of a struct, each on its own line(s), the closing bracket left to the caller. */
  private void fields(List<FieldModel> fields, String indent) {
    if (fields.isEmpty()) {
      return;
    }
    out.append('\n');
    for (int i = 0; i < fields.size(); i++) {
      FieldModel f = fields.get(i);
      out.append(indent).append("{ ").append(String.join(", ", attributes(f)));
      ClassName held = f.type().structOrElementStruct();
      if (held != null && !common.contains(held) && defined.add(held)) {
        out.append(", \"fields\": [");
        fields(message.struct(held).fields(), indent + "  ");
        out.append("]}");
      } else {
        out.append(" }");
      }
      out.append(i == fields.size() - 1 ? "\n" : ",\n");
    }
    out.append(indent, 0, indent.length() - 2);
  }

  private static List<String> attributes(FieldModel f) {
    List<String> a = new ArrayList<>();
    a.add(member("name", string(f.name())));
    a.add(member("type", string(f.type().specName())));
    a.add(member("versions", string(f.versions().toString())));
    if (!f.nullableVersions().isEmpty()) {
      a.add(member("nullableVersions", string(f.nullableVersions().toString())));
    }
    if (f.ignorable()) {
      a.add(member("ignorable", "true"));
    }
    if (f.defaultDeclared()) {
      a.add(member("default", string(f.declaredDefault())));
    }
    if (f.mapKey()) {
      a.add(member("mapKey", "true"));
    }
    if (!f.entityType().equals("unknown")) {
      a.add(member("entityType", string(f.entityType())));
    }
    f.tagging().ifPresent(t -> {
      a.add(member("taggedVersions", string(t.versions().toString())));
      a.add(member("tag", Integer.toString(t.tag())));
    });
    if (f.zeroCopy()) {
      a.add(member("zeroCopy", "true"));
    }
    f.flexibleVersions().map(VersionRange::toString).ifPresent(v -> a.add(member("flexibleVersions", string(v))));
    return a;
  }

  private static String spelling(Listener listener) {
    return switch (listener) {
      case BROKER -> "broker";
      case CONTROLLER -> "controller";
      case ZK_BROKER -> "zkBroker";
    };
  }

  private static String member(String key, String value) {
    return string(key) + ": " + value;
  }

  /** A JSON string literal. */
  static String string(String text) {
    StringBuilder s = new StringBuilder(text.length() + 2).append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> s.append("\\\"");
        case '\\' -> s.append("\\\\");
        case '\n' -> s.append("\\n");
        case '\r' -> s.append("\\r");
        case '\t' -> s.append("\\t");
        default -> {
          if (c < 0x20) {
            s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            s.append(c);
          }
        }
      }
    }
    return s.append('"').toString();
  }
}
