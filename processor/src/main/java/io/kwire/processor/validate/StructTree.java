package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.StructModel;
import io.kwire.processor.model.UnknownTagsComponent;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.Names;
import io.kwire.processor.scan.ScannedComponent;
import io.kwire.processor.scan.ScannedMessage;
import io.kwire.processor.scan.ScannedRecord;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Validates the body record of one message and, recursively, every struct record it holds; collects
 * the struct models children first. Field-level rules live in {@link FieldValidator}.
 */
final class StructTree {
  private final ScannedMessage scanned;
  private final Reporter reporter;
  private final FieldValidator fields;
  private final VersionRange flexibleVersions;
  private final ClassName messageRecord;
  private final Map<ClassName, StructModel> structs = new LinkedHashMap<>();
  private final Map<String, ClassName> structNames = new HashMap<>();
  private final Set<ClassName> visiting = new HashSet<>();

  StructTree(ScannedMessage scanned, Reporter reporter, VersionRange validVersions, VersionRange flexibleVersions, ClassName messageRecord) {
    this.scanned = scanned;
    this.reporter = reporter;
    this.flexibleVersions = flexibleVersions;
    this.messageRecord = messageRecord;
    this.fields = new FieldValidator(reporter, validVersions, flexibleVersions);
  }

  Optional<StructModel> validateBody(String name) {
    visiting.add(messageRecord);
    return Optional.ofNullable(validate(scanned.record(scanned.type()), name, true));
  }

  List<StructModel> structsChildrenFirst() {
    return List.copyOf(structs.values());
  }

  private StructModel validate(ScannedRecord record, String name, boolean topLevel) {
    List<FieldModel> models = new ArrayList<>();
    Map<String, Element> names = new HashMap<>();
    Map<Integer, Element> tags = new HashMap<>();
    Optional<UnknownTagsComponent> unknownTags = Optional.empty();
    List<ScannedComponent> components = record.components();
    for (int i = 0; i < components.size(); i++) {
      ScannedComponent c = components.get(i);
      Element at = c.reportOn();
      if (TypeResolver.isDeclared(c.component().asType(), Names.UNKNOWN_TAGGED_FIELDS)) {
        if (unknownTags.isPresent()) {
          reporter.error(Diagnostic.DUPLICATE_UNKNOWN_TAGS, "Component " + c.name() + " is a second UnknownTaggedFields, after "
              + unknownTags.get().name() + ".", at);
        } else if (flexibleVersions.isEmpty()) {
          reporter.error(Diagnostic.UNKNOWN_TAGS_NEVER_FLEXIBLE, "Component " + c.name()
              + " is UnknownTaggedFields, but the message has no flexible versions.", at);
        }
        unknownTags = Optional.of(new UnknownTagsComponent(i, c.name()));
        continue;
      }
      if (c.field().isEmpty()) {
        reporter.error(Diagnostic.MISSING_FIELD, "Component " + c.name() + " has no @Field.", at);
        continue;
      }
      Optional<FieldValidator.Validated> validated = fields.validate(c, topLevel);
      if (validated.isEmpty()) {
        continue;
      }
      FieldModel field = validated.get().field();
      validated.get().struct().ifPresent(struct -> nested(field.type().structOrElementStruct(), struct, at));
      Attributes a = c.field().get();
      if (names.putIfAbsent(field.name(), at) != null) {
        reporter.error(Diagnostic.DUPLICATE_FIELD_NAME, "\"" + field.name() + "\" is already the name of another field of " + name + ".", at, a.mirror(), a.valueOf("name"));
      }
      if (field.isTagged() && tags.putIfAbsent(field.tag(), at) != null) {
        reporter.error(Diagnostic.DUPLICATE_TAG, "Tag " + field.tag() + " is already used by another field of " + name + ".", at, a.mirror(), a.valueOf("tag"));
      }
      models.add(field);
    }
    checkContiguousTags(components, models, name);
    return new StructModel(ClassName.get(record.type()), name, models, unknownTags, VersionRange.NONE);
  }

  private void checkContiguousTags(List<ScannedComponent> components, List<FieldModel> fields, String structName) {
    List<Integer> sorted = fields.stream().filter(FieldModel::isTagged).map(FieldModel::tag).distinct().sorted().toList();
    for (int expected = 0; expected < sorted.size(); expected++) {
      if (sorted.get(expected) != expected) {
        int offending = sorted.get(expected);
        for (ScannedComponent c : components) {
          Optional<Attributes> a = c.field().filter(f -> f.isExplicit("tag") && f.integer("tag") == offending);
          if (a.isPresent()) {
            reporter.error(Diagnostic.TAGS_NOT_CONTIGUOUS, "Tag " + expected + " is missing in " + structName + ", whose tags are " + sorted + ".",
                c.reportOn(), a.get().mirror(), a.get().valueOf("tag"));
            return;
          }
        }
        return;
      }
    }
  }

  private void nested(ClassName struct, TypeElement record, Element at) {
    if (visiting.contains(struct)) {
      reporter.error(Diagnostic.RECURSIVE_STRUCT, struct.simpleName() + " contains itself.", at);
      return;
    }
    if (structs.containsKey(struct)) {
      return;
    }
    if (struct.simpleName().equals(messageRecord.simpleName())) {
      reporter.error(Diagnostic.STRUCT_NAMED_LIKE_MESSAGE, struct + " and the message " + messageRecord + " are both "
          + struct.simpleName() + ".", at);
      return;
    }
    ClassName sameName = structNames.putIfAbsent(struct.simpleName(), struct);
    if (sameName != null) {
      reporter.error(Diagnostic.DUPLICATE_STRUCT_NAME, struct + " and " + sameName + " are both " + struct.simpleName() + ".", at);
      return;
    }
    if (!record.getTypeParameters().isEmpty()) {
      reporter.error(Diagnostic.GENERIC_RECORD, struct.simpleName() + " declares " + record.getTypeParameters() + ".", at);
      return;
    }
    visiting.add(struct);
    StructModel model = validate(scanned.record(record), struct.simpleName(), false);
    visiting.remove(struct);
    structs.put(struct, model);
  }
}
