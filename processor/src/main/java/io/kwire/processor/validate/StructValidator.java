package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.WireType;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.StructModel;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.ElementScanner;
import io.kwire.processor.scan.ElementScanner.ComponentDecl;
import io.kwire.processor.scan.Names;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** Validates the components of one message body or struct record, recursing into nested structs. */
final class StructValidator {
  private static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

  private final ElementScanner scanner;
  private final Reporter reporter;
  private final MessageValidator message;
  private final MessageValidator.Context context;

  StructValidator(ElementScanner scanner, Reporter reporter, MessageValidator message, MessageValidator.Context context) {
    this.scanner = scanner;
    this.reporter = reporter;
    this.message = message;
    this.context = context;
  }

  StructModel validate(TypeElement record, String name, boolean topLevel) {
    List<ComponentDecl> components = scanner.components(record);
    List<FieldModel> fields = new ArrayList<>();
    Map<String, Element> names = new HashMap<>();
    Map<Integer, Element> tags = new HashMap<>();
    int unknownTagsIndex = -1;
    String unknownTagsName = null;
    for (int i = 0; i < components.size(); i++) {
      ComponentDecl c = components.get(i);
      Element at = c.field() != null ? c.field() : c.component();
      if (TypeResolver.isDeclared(c.component().asType(), Names.UNKNOWN_TAGGED_FIELDS)) {
        if (unknownTagsIndex >= 0) {
          reporter.error(Diagnostic.DUPLICATE_UNKNOWN_TAGS, "", at);
        } else if (context.flexibleVersions.isEmpty()) {
          reporter.error(Diagnostic.UNKNOWN_TAGS_NEVER_FLEXIBLE, "", at);
        }
        unknownTagsIndex = i;
        unknownTagsName = c.component().getSimpleName().toString();
        continue;
      }
      if (c.attributes() == null) {
        reporter.error(Diagnostic.MISSING_FIELD, "Component " + c.component().getSimpleName() + " has none.", at);
        continue;
      }
      FieldModel field = field(c, at, topLevel);
      if (field == null) {
        continue;
      }
      Attributes a = c.attributes();
      if (names.putIfAbsent(field.name(), at) != null) {
        reporter.error(Diagnostic.DUPLICATE_FIELD_NAME, "\"" + field.name() + "\" is taken in " + name + ".", at, a.mirror(), a.valueOf("name"));
      }
      if (field.isTagged() && tags.putIfAbsent(field.tag(), at) != null) {
        reporter.error(Diagnostic.DUPLICATE_TAG, "Tag " + field.tag() + " is taken in " + name + ".", at, a.mirror(), a.valueOf("tag"));
      }
      fields.add(field);
    }
    checkContiguousTags(components, fields, name);
    return new StructModel(ClassName.get(record), name, fields, unknownTagsIndex, unknownTagsName);
  }

  private void checkContiguousTags(List<ComponentDecl> components, List<FieldModel> fields, String structName) {
    List<Integer> sorted = fields.stream().filter(FieldModel::isTagged).map(FieldModel::tag).distinct().sorted().toList();
    for (int expected = 0; expected < sorted.size(); expected++) {
      if (sorted.get(expected) != expected) {
        int missing = expected;
        int offending = sorted.get(expected);
        for (ComponentDecl c : components) {
          if (c.attributes() != null && c.attributes().isExplicit("tag") && c.attributes().integer("tag") == offending) {
            reporter.error(Diagnostic.TAGS_NOT_CONTIGUOUS, "Tag " + offending + " is used in " + structName + " before tag " + missing + ".",
                c.field() != null ? c.field() : c.component(), c.attributes().mirror(), c.attributes().valueOf("tag"));
            return;
          }
        }
        return;
      }
    }
  }

  private FieldModel field(ComponentDecl c, Element at, boolean topLevel) {
    Attributes a = c.attributes();
    int errorsBefore = reporter.errorCount();
    String javaName = c.component().getSimpleName().toString();
    String name = a.string("name").isEmpty() ? Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1) : a.string("name");
    if (!FIELD_NAME.matcher(name).matches()) {
      reporter.error(Diagnostic.FIELD_NAME, "Got \"" + name + "\".", at, a.mirror(), a.valueOf("name"));
    }
    WireType declared = WireType.valueOf(a.enumConstant("type"));
    boolean zeroCopy = a.bool("zeroCopy");
    ResolvedType resolved = TypeResolver.resolve(c.component().asType(), declared, zeroCopy);
    if (!resolved.ok()) {
      String pointAt = resolved.error() == Diagnostic.ZERO_COPY_TYPE ? "zeroCopy" : "type";
      reporter.error(resolved.error(), resolved.detail(), at, a.mirror(), a.valueOf(pointAt));
      return null;
    }
    FieldType type = resolved.type();
    Kind kind = type.kind();

    VersionRange tagged = message.range(a, "taggedVersions", at);
    VersionRange versions = null;
    if (a.string("versions").isEmpty()) {
      if (tagged != null && !tagged.isEmpty()) {
        versions = tagged;
      } else {
        reporter.error(Diagnostic.VERSIONS_REQUIRED, "", at, a.mirror());
      }
    } else {
      versions = message.range(a, "versions", at);
    }
    VersionRange nullable = message.range(a, "nullableVersions", at);
    VersionRange fieldFlexible = a.string("flexibleVersions").isEmpty() ? null : message.range(a, "flexibleVersions", at);
    if (tagged == null || versions == null || nullable == null || (fieldFlexible == null && !a.string("flexibleVersions").isEmpty())) {
      return null;
    }

    if (!versions.overlaps(context.validVersions)) {
      reporter.error(Diagnostic.FIELD_NEVER_PRESENT, "versions \"" + versions + "\" miss validVersions \"" + context.validVersions + "\".",
          at, a.mirror(), a.valueOf("versions"));
    }
    if (!nullable.isEmpty() && !kind.canBeNullable()) {
      reporter.error(Diagnostic.NULLABLE_TYPE, "The field is " + type.specName() + ".", at, a.mirror(), a.valueOf("nullableVersions"));
    }
    int tag = a.integer("tag");
    boolean hasTag = a.isExplicit("tag");
    boolean mapKey = a.bool("mapKey");
    if (hasTag && tag < 0) {
      reporter.error(Diagnostic.TAG_NEGATIVE, "Got " + tag + ".", at, a.mirror(), a.valueOf("tag"));
    } else if (hasTag && tagged.isEmpty()) {
      reporter.error(Diagnostic.TAG_WITHOUT_TAGGED_VERSIONS, "", at, a.mirror(), a.valueOf("tag"));
    } else if (!hasTag && !tagged.isEmpty()) {
      reporter.error(Diagnostic.TAGGED_VERSIONS_WITHOUT_TAG, "", at, a.mirror(), a.valueOf("taggedVersions"));
    }
    if (hasTag && !tagged.isEmpty()) {
      checkTagged(a, at, type, versions, nullable, tagged, fieldFlexible, mapKey);
    }
    if (mapKey && topLevel) {
      reporter.error(Diagnostic.MAP_KEY_TOP_LEVEL, "", at, a.mirror(), a.valueOf("mapKey"));
    }
    if (fieldFlexible != null) {
      if (kind != Kind.STRING && kind != Kind.BYTES) {
        reporter.error(Diagnostic.FIELD_FLEXIBLE_TYPE, "The field is " + type.specName() + ".", at, a.mirror(), a.valueOf("flexibleVersions"));
      } else if ((!fieldFlexible.isEmpty() && !fieldFlexible.isOpenEnded()) || !context.flexibleVersions.contains(fieldFlexible)) {
        reporter.error(Diagnostic.FIELD_FLEXIBLE_SUBSET, "Got \"" + fieldFlexible + "\" in a message flexible in \"" + context.flexibleVersions + "\".",
            at, a.mirror(), a.valueOf("flexibleVersions"));
      }
    }
    EntityType entity = EntityType.valueOf(a.enumConstant("entityType"));
    if (!entityFits(entity, type)) {
      reporter.error(Diagnostic.ENTITY_TYPE_MISMATCH, entity + " on a " + type.specName() + " field.", at, a.mirror(), a.valueOf("entityType"));
    }
    DefaultParser.Result parsed = DefaultParser.parse(a.string("defaultValue"), type);
    DefaultValue defaultValue = parsed.value();
    if (parsed.error() != null) {
      reporter.error(parsed.error(), parsed.detail(), at, a.mirror(), a.valueOf("defaultValue"));
    } else if (defaultValue.isNull() && kind != Kind.RECORDS && !nullable.contains(versions)) {
      reporter.error(Diagnostic.NULL_DEFAULT_NOT_NULLABLE, "versions \"" + versions + "\", nullableVersions \"" + nullable + "\".",
          at, a.mirror(), a.valueOf("defaultValue"));
    }
    ClassName struct = type.structOrElementStruct();
    if (struct != null) {
      nested(struct, resolved.struct(), at);
    }
    if (reporter.errorCount() > errorsBefore) {
      return null;
    }
    return new FieldModel(javaName, name, type, TypeName.get(c.component().asType()), versions, nullable,
        tagged.isEmpty() ? -1 : tag, tagged, a.bool("ignorable"), defaultValue, mapKey, fieldFlexible, zeroCopy, spelling(entity));
  }

  private void checkTagged(Attributes a, Element at, FieldType type, VersionRange versions, VersionRange nullable,
      VersionRange tagged, VersionRange fieldFlexible, boolean mapKey) {
    if (!tagged.isOpenEnded()) {
      reporter.error(Diagnostic.TAGGED_VERSIONS_NOT_OPEN_ENDED, "Got \"" + tagged + "\".", at, a.mirror(), a.valueOf("taggedVersions"));
    }
    if (!versions.contains(tagged)) {
      reporter.error(Diagnostic.TAGGED_OUTSIDE_VERSIONS, "taggedVersions \"" + tagged + "\", versions \"" + versions + "\".",
          at, a.mirror(), a.valueOf("taggedVersions"));
    }
    VersionRange flexible = fieldFlexible != null ? fieldFlexible : context.flexibleVersions;
    if (!flexible.contains(tagged)) {
      reporter.error(Diagnostic.TAG_OUTSIDE_FLEXIBLE, "taggedVersions \"" + tagged + "\", flexibleVersions \"" + flexible + "\".",
          at, a.mirror(), a.valueOf("taggedVersions"));
    }
    VersionRange nullableTagged = nullable.intersect(tagged);
    if (!nullableTagged.isEmpty() && !nullableTagged.equals(tagged)) {
      reporter.error(Diagnostic.TAGGED_NULLABILITY, "nullableVersions \"" + nullable + "\", taggedVersions \"" + tagged + "\".",
          at, a.mirror(), a.valueOf("nullableVersions"));
    }
    if (type.kind() == Kind.RECORDS) {
      reporter.error(Diagnostic.TAGGED_RECORDS, "", at, a.mirror(), a.valueOf("tag"));
    }
    if (mapKey) {
      reporter.error(Diagnostic.MAP_KEY_TAGGED, "", at, a.mirror(), a.valueOf("mapKey"));
    }
  }

  private void nested(ClassName struct, TypeElement record, Element at) {
    if (context.visiting.contains(struct)) {
      reporter.error(Diagnostic.RECURSIVE_STRUCT, struct.simpleName() + " contains itself.", at);
      return;
    }
    if (context.structs.containsKey(struct)) {
      return;
    }
    ClassName sameName = context.structNames.putIfAbsent(struct.simpleName(), struct);
    if (sameName != null) {
      reporter.error(Diagnostic.DUPLICATE_STRUCT_NAME, struct + " and " + sameName + " are both " + struct.simpleName() + ".", at);
      return;
    }
    if (!record.getTypeParameters().isEmpty()) {
      reporter.error(Diagnostic.GENERIC_RECORD, struct.simpleName() + " declares " + record.getTypeParameters() + ".", at);
      return;
    }
    context.visiting.add(struct);
    StructModel model = validate(record, struct.simpleName(), false);
    context.visiting.remove(struct);
    context.structs.put(struct, model);
  }

  private static boolean entityFits(EntityType entity, FieldType type) {
    Kind base = type.isArray() ? type.element().kind() : type.kind();
    return switch (entity) {
      case UNKNOWN -> true;
      case TOPIC_NAME, GROUP_ID, TRANSACTIONAL_ID -> base == Kind.STRING;
      case PRODUCER_ID -> base == Kind.INT64;
      case BROKER_ID -> base == Kind.INT32;
    };
  }

  /** Kafka's spelling of an entity type: TOPIC_NAME is topicName. */
  private static String spelling(EntityType entity) {
    String[] words = entity.name().toLowerCase(Locale.ROOT).split("_");
    StringBuilder sb = new StringBuilder(words[0]);
    for (int i = 1; i < words.length; i++) {
      sb.append(Character.toUpperCase(words[i].charAt(0))).append(words[i].substring(1));
    }
    return sb.toString();
  }
}
