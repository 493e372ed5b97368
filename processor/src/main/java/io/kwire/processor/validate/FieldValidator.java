package io.kwire.processor.validate;

import com.palantir.javapoet.TypeName;
import io.kwire.annotations.EntityType;
import io.kwire.annotations.WireType;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.DefaultValue;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.FieldType;
import io.kwire.processor.model.Kind;
import io.kwire.processor.model.Tagging;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.ScannedComponent;
import io.kwire.runtime.meta.VersionRange;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/** Validates one {@code @Field} component into a {@link FieldModel}, reporting every rule it breaks. */
final class FieldValidator {
  private static final Pattern FIELD_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9]*");

  /** A valid field, with the record of its struct (or struct-array) type to validate next. */
  record Validated(FieldModel field, Optional<TypeElement> struct) {}

  private final Reporter reporter;
  private final VersionRange validVersions;
  private final VersionRange flexibleVersions;

  FieldValidator(Reporter reporter, VersionRange validVersions, VersionRange flexibleVersions) {
    this.reporter = reporter;
    this.validVersions = validVersions;
    this.flexibleVersions = flexibleVersions;
  }

  Optional<Validated> validate(ScannedComponent c, boolean topLevel) {
    Attributes a = c.field().orElseThrow();
    Element at = c.reportOn();
    int errorsBefore = reporter.errorCount();
    String javaName = c.name();
    String name = a.string("name").isEmpty() ? Character.toUpperCase(javaName.charAt(0)) + javaName.substring(1) : a.string("name");
    if (!FIELD_NAME.matcher(name).matches()) {
      reporter.error(Diagnostic.FIELD_NAME, "The field's name is \"" + name + "\".", at, a.mirror(), a.valueOf("name"));
    }
    boolean zeroCopy = a.bool("zeroCopy");
    ResolvedType resolved = TypeResolver.resolve(c.component().asType(), WireType.valueOf(a.enumConstant("type")), zeroCopy);
    if (resolved instanceof ResolvedType.Rejected r) {
      String pointAt = r.error() == Diagnostic.ZERO_COPY_TYPE ? "zeroCopy" : "type";
      reporter.error(r.error(), r.detail(), at, a.mirror(), a.valueOf(pointAt));
      return Optional.empty();
    }
    ResolvedType.Resolved ok = (ResolvedType.Resolved) resolved;
    FieldType type = ok.type();

    Optional<VersionRange> tagged = range(a, "taggedVersions", at);
    Optional<VersionRange> versions;
    if (a.string("versions").isEmpty()) {
      versions = tagged.filter(t -> !t.isEmpty());
      if (tagged.isPresent() && versions.isEmpty()) {
        reporter.error(Diagnostic.VERSIONS_REQUIRED, "Component " + c.name() + " states no versions and is not tagged.", at,
            a.mirror());
      }
    } else {
      versions = range(a, "versions", at);
    }
    Optional<VersionRange> nullable = range(a, "nullableVersions", at);
    boolean overridesFlexible = !a.string("flexibleVersions").isEmpty();
    Optional<VersionRange> fieldFlexible = overridesFlexible ? range(a, "flexibleVersions", at) : Optional.empty();
    if (tagged.isEmpty() || versions.isEmpty() || nullable.isEmpty() || (overridesFlexible && fieldFlexible.isEmpty())) {
      return Optional.empty();
    }
    checkVersions(a, at, type, versions.get(), nullable.get());
    int tag = a.integer("tag");
    boolean hasTag = a.isExplicit("tag");
    boolean mapKey = a.bool("mapKey");
    if (hasTag && tag < 0) {
      reporter.error(Diagnostic.TAG_NEGATIVE, "The tag is " + tag + ".", at, a.mirror(), a.valueOf("tag"));
    } else if (hasTag && tagged.get().isEmpty()) {
      reporter.error(Diagnostic.TAG_WITHOUT_TAGGED_VERSIONS, "The field has tag " + tag + " but no taggedVersions.", at, a.mirror(), a.valueOf("tag"));
    } else if (!hasTag && !tagged.get().isEmpty()) {
      reporter.error(Diagnostic.TAGGED_VERSIONS_WITHOUT_TAG, "The field has taggedVersions \"" + tagged.get() + "\" but no tag.", at, a.mirror(), a.valueOf("taggedVersions"));
    }
    if (hasTag && !tagged.get().isEmpty()) {
      checkTagged(a, at, type, versions.get(), nullable.get(), tagged.get(), fieldFlexible, mapKey);
    }
    if (mapKey && topLevel) {
      reporter.error(Diagnostic.MAP_KEY_TOP_LEVEL, "mapKey is set on a top-level field of the message.", at, a.mirror(), a.valueOf("mapKey"));
    }
    fieldFlexible.ifPresent(f -> checkFieldFlexible(a, at, type, f));
    EntityType entity = EntityType.valueOf(a.enumConstant("entityType"));
    if (!entityFits(entity, type)) {
      reporter.error(Diagnostic.ENTITY_TYPE_MISMATCH, "entityType " + entity + " is set on a field of type " + type.specName() + ".", at, a.mirror(), a.valueOf("entityType"));
    }
    DefaultValue defaultValue = parseDefault(a, at, type, versions.get(), nullable.get());
    if (reporter.errorCount() > errorsBefore) {
      return Optional.empty();
    }
    Optional<Tagging> tagging = tagged.get().isEmpty() ? Optional.empty() : Optional.of(new Tagging(tag, tagged.get()));
    FieldModel field = new FieldModel(javaName, name, type, TypeName.get(c.component().asType()), versions.get(), nullable.get(),
        tagging, a.bool("ignorable"), defaultValue, a.string("defaultValue"), mapKey, fieldFlexible, zeroCopy, spelling(entity),
        a.bool("sensitive"), a.isExplicit("defaultValue"));
    return Optional.of(new Validated(field, ok.struct()));
  }

  private void checkVersions(Attributes a, Element at, FieldType type, VersionRange versions, VersionRange nullable) {
    if (!versions.overlaps(validVersions)) {
      reporter.error(Diagnostic.FIELD_NEVER_PRESENT, "The field's versions \"" + versions + "\" share no version with validVersions \""
          + validVersions + "\", so it is never on the wire.",
          at, a.mirror(), a.valueOf("versions"));
    }
    if (!nullable.isEmpty() && !type.canBeNull()) {
      reporter.error(Diagnostic.NULLABLE_TYPE, "The field is " + type.specName() + " and sets nullableVersions.", at, a.mirror(), a.valueOf("nullableVersions"));
    }
  }

  private void checkFieldFlexible(Attributes a, Element at, FieldType type, VersionRange fieldFlexible) {
    if (!type.is(Kind.STRING) && !type.is(Kind.BYTES)) {
      reporter.error(Diagnostic.FIELD_FLEXIBLE_TYPE, "The field is " + type.specName() + " and sets flexibleVersions.", at, a.mirror(), a.valueOf("flexibleVersions"));
    } else if ((!fieldFlexible.isEmpty() && !fieldFlexible.isOpenEnded()) || !flexibleVersions.contains(fieldFlexible)) {
      reporter.error(Diagnostic.FIELD_FLEXIBLE_SUBSET, "The field's flexibleVersions is \"" + fieldFlexible
          + "\", in a message whose flexibleVersions is \"" + flexibleVersions + "\".",
          at, a.mirror(), a.valueOf("flexibleVersions"));
    }
  }

  private DefaultValue parseDefault(Attributes a, Element at, FieldType type, VersionRange versions, VersionRange nullable) {
    DefaultParser.Result parsed = DefaultParser.parse(a.string("defaultValue"), type);
    if (parsed instanceof DefaultParser.Result.Rejected r) {
      reporter.error(r.error(), r.detail(), at, a.mirror(), a.valueOf("defaultValue"));
      return DefaultValue.NULL;
    }
    DefaultValue value = ((DefaultParser.Result.Parsed) parsed).value();
    if (value.isNull() && !type.is(Kind.RECORDS) && !nullable.contains(versions)) {
      reporter.error(Diagnostic.NULL_DEFAULT_NOT_NULLABLE, "The default is null, but the field exists in versions \"" + versions
          + "\" and is nullable only in \"" + nullable + "\".",
          at, a.mirror(), a.valueOf("defaultValue"));
    }
    return value;
  }

  private void checkTagged(Attributes a, Element at, FieldType type, VersionRange versions, VersionRange nullable,
      VersionRange tagged, Optional<VersionRange> fieldFlexible, boolean mapKey) {
    if (!tagged.isOpenEnded()) {
      reporter.error(Diagnostic.TAGGED_VERSIONS_NOT_OPEN_ENDED, "taggedVersions is \"" + tagged + "\", which ends at version "
          + tagged.highest() + ".", at, a.mirror(), a.valueOf("taggedVersions"));
    }
    if (!versions.contains(tagged)) {
      reporter.error(Diagnostic.TAGGED_OUTSIDE_VERSIONS, "taggedVersions \"" + tagged
          + "\" includes versions the field does not exist in (its versions are \"" + versions + "\").",
          at, a.mirror(), a.valueOf("taggedVersions"));
    }
    VersionRange flexible = fieldFlexible.orElse(flexibleVersions);
    if (!flexible.contains(tagged)) {
      reporter.error(Diagnostic.TAG_OUTSIDE_FLEXIBLE, "taggedVersions \"" + tagged + "\" includes versions that are not"
          + " flexible (flexibleVersions is \"" + flexible + "\").",
          at, a.mirror(), a.valueOf("taggedVersions"));
    }
    VersionRange nullableTagged = nullable.intersect(tagged);
    if (!nullableTagged.isEmpty() && !nullableTagged.equals(tagged)) {
      reporter.error(Diagnostic.TAGGED_NULLABILITY, "nullableVersions \"" + nullable + "\" covers only some of taggedVersions \""
          + tagged + "\".",
          at, a.mirror(), a.valueOf("nullableVersions"));
    }
    if (type.is(Kind.RECORDS)) {
      reporter.error(Diagnostic.TAGGED_RECORDS, "The field is records and has a tag.", at, a.mirror(), a.valueOf("tag"));
    }
    if (mapKey) {
      reporter.error(Diagnostic.MAP_KEY_TAGGED, "The field is tagged and sets mapKey.", at, a.mirror(), a.valueOf("mapKey"));
    }
  }

  private Optional<VersionRange> range(Attributes a, String attribute, Element element) {
    return VersionAttributes.parse(reporter, a, attribute, element);
  }


  private static boolean entityFits(EntityType entity, FieldType type) {
    FieldType base = type instanceof FieldType.Array array ? array.element() : type;
    return switch (entity) {
      case UNKNOWN -> true;
      case TOPIC_NAME, GROUP_ID, TRANSACTIONAL_ID -> base.is(Kind.STRING);
      case PRODUCER_ID -> base.is(Kind.INT64);
      case BROKER_ID -> base.is(Kind.INT32);
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
