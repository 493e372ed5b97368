package io.kwire.processor.baseline;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.diag.Diagnostic;
import io.kwire.processor.diag.Reporter;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.MessageModel;
import io.kwire.processor.model.StructModel;
import io.kwire.processor.scan.Attributes;
import io.kwire.processor.scan.ScannedComponent;
import io.kwire.processor.scan.ScannedMessage;
import io.kwire.processor.scan.ScannedRecord;
import io.kwire.processor.validate.DefaultParser;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.spec.SpecField;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.Versions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;

/**
 * Checks one validated message against its spec in the baseline (an earlier build), version by
 * version over the versions both have, and reports every change to the bytes of those versions
 * where it was made. Legal: new versions at the top, fields only in new versions, new tagged fields
 * with fresh tags, renames (a note), and dropping the oldest versions when declared (a note).
 *
 * <p>Each finding is reported once, with every version it holds in; the order of the reports
 * follows the message's fields, so the output is stable.
 */
public final class BaselineCheck {
  /** Where a finding is shown. */
  private record Location(Element element, AnnotationMirror mirror, AnnotationValue value) {}

  /** One finding; {@code %s} in {@code detail} becomes the versions it holds in. */
  private record Finding(Diagnostic diagnostic, Location at, String detail) {}

  private static final Set<Diagnostic> NOTES = Set.of(Diagnostic.BASELINE_DROPPED_OLDEST, Diagnostic.BASELINE_RENAMED);

  private final MessageModel model;
  private final ScannedMessage scanned;
  private final SpecMessage base;
  private final Attributes annotation;
  private final Map<Finding, VersionSet> findings = new LinkedHashMap<>();

  private BaselineCheck(MessageModel model, ScannedMessage scanned, SpecMessage base) {
    this.model = model;
    this.scanned = scanned;
    this.base = base;
    this.annotation = scanned.apiKey().or(scanned::dataMessage).orElseThrow();
  }

  /** Checks {@code model} against its counterpart in {@code baseline}, if it has one. */
  public static void run(MessageModel model, ScannedMessage scanned, Baseline baseline, Reporter reporter) {
    String type = model.type().name().toLowerCase(Locale.ROOT);
    Optional<SpecMessage> named = baseline.named(model.name());
    Optional<SpecMessage> spec = named.or(() -> model.apiKey().isPresent()
        ? baseline.api(model.apiKey().getAsInt(), type) : Optional.empty());
    if (spec.isEmpty()) {
      return; // a new message
    }
    BaselineCheck check = new BaselineCheck(model, scanned, spec.get());
    if (named.isEmpty()) {
      check.once(Diagnostic.BASELINE_RENAMED, check.onAnnotation("name"),
          "Message " + model.name() + " was " + spec.get().name() + " in the baseline.");
    }
    check.compare(promised(spec.get(), baseline));
    check.report(reporter);
  }

  /**
   * The versions the baseline promised: its valid versions, without the latest one where the API's
   * request in the baseline says {@code latestVersionUnstable} (Kafka's rule: an unstable version may
   * still change, as the share-group APIs' version 0 did between 3.9 and 4.0).
   */
  private static Versions promised(SpecMessage spec, Baseline baseline) {
    Versions valid = Versions.parse(spec.validVersions());
    boolean unstable = spec.isApi() && baseline.api(spec.apiKey(), "request")
        .map(SpecMessage::latestVersionUnstable).orElse(false);
    return unstable && !valid.isEmpty() ? new Versions(valid.lowest(), valid.highest() - 1) : valid;
  }

  private void compare(Versions baseValid) {
    String type = model.type().name().toLowerCase(Locale.ROOT);
    Integer key = model.apiKey().isPresent() ? model.apiKey().getAsInt() : null;
    if (!Objects.equals(key, base.apiKey()) || !type.equals(base.type().toLowerCase(Locale.ROOT))) {
      String attribute = Objects.equals(key, base.apiKey()) ? "type" : "value";
      once(Diagnostic.BASELINE_MESSAGE_CHANGED, onAnnotation(attribute), model.name() + " is " + describe(key, type)
          + "; the baseline's is " + describe(base.apiKey(), base.type()) + ".");
      return; // the bytes of another API say nothing about this one
    }
    VersionRange valid = model.validVersions();
    checkDroppedVersions(baseValid, valid);
    Versions baseFlexible = Versions.parse(base.flexibleVersions());
    for (int v = Math.max(baseValid.lowest(), valid.lowest()); v <= Math.min(baseValid.highest(), valid.highest()); v++) {
      if (baseFlexible.contains(v) != model.flexibleVersions().contains(v)) {
        add(Diagnostic.BASELINE_FLEXIBLE_MOVED, onAnnotation("flexibleVersions"), v,
            model.name() + " is " + (model.flexibleVersions().contains(v) ? "flexible" : "classic")
                + " in %s, where the baseline's flexibleVersions are \"" + baseFlexible + "\".");
        continue; // every field's encoding differs there; one report says it
      }
      compareStruct(model.body(), base.fields(), v, model.name());
    }
  }

  private void checkDroppedVersions(Versions baseValid, VersionRange valid) {
    if (baseValid.isEmpty()) {
      return;
    }
    if (valid.highest() < baseValid.highest()) {
      once(Diagnostic.BASELINE_VERSIONS_REMOVED, onAnnotation("validVersions"), model.name() + " has versions "
          + valid + "; the baseline has " + baseValid + ".");
    }
    int lastDropped = Math.min(baseValid.highest(), valid.lowest() - 1);
    if (lastDropped < baseValid.lowest()) {
      return;
    }
    String dropped = baseValid.lowest() == lastDropped ? "version " + lastDropped
        : "versions " + baseValid.lowest() + "-" + lastDropped;
    VersionRange declared = declaredDropped();
    boolean covered = declared.contains(baseValid.lowest()) && declared.contains(lastDropped);
    if (covered) {
      once(Diagnostic.BASELINE_DROPPED_OLDEST, onAnnotation("droppedVersions"), model.name() + " drops "
          + dropped + " of the baseline's " + baseValid + ".");
    } else {
      once(Diagnostic.BASELINE_DROPPED_VERSIONS, onAnnotation("validVersions"), model.name() + " drops "
          + dropped + " of the baseline's " + baseValid + "; droppedVersions is \"" + declared + "\".");
    }
  }

  private VersionRange declaredDropped() {
    try {
      return VersionRange.parse(annotation.string("droppedVersions"));
    } catch (IllegalArgumentException e) {
      return VersionRange.NONE; // reported as a version syntax error by the validator
    }
  }

  /** The fields of one struct at version {@code v}, the baseline's {@code baseFields} against the model's. */
  private void compareStruct(StructModel struct, List<SpecField> baseFields, int v, String path) {
    List<FieldModel> inline = struct.fields().stream()
        .filter(f -> f.versions().contains(v) && !f.taggedVersions().contains(v)).toList();
    List<SpecField> baseInline = baseFields.stream()
        .filter(f -> present(f, v) && !tagged(f, v)).toList();
    compareInline(struct, inline, baseInline, baseFields, v, path);
    compareTagged(struct, baseFields, v, path);
  }

  private void compareInline(StructModel struct, List<FieldModel> inline, List<SpecField> baseInline,
      List<SpecField> baseFields, int v, String path) {
    Set<String> names = new HashSet<>(inline.stream().map(FieldModel::name).toList());
    Set<String> baseNames = new HashSet<>(baseInline.stream().map(SpecField::name).toList());
    if (inline.size() == baseInline.size()) {
      boolean reordered = false;
      for (int i = 0; i < inline.size(); i++) {
        FieldModel f = inline.get(i);
        SpecField b = baseInline.get(i);
        if (f.name().equals(b.name())) {
          compareField(struct, f, b, v, path);
        } else if (baseNames.contains(f.name()) && names.contains(b.name())) {
          if (!reordered) { // the first field out of place says it; the others follow from it
            add(Diagnostic.BASELINE_FIELD_ORDER, onComponent(struct, f, null), v, path + "." + f.name()
                + " is field " + (i + 1) + " in %s, where the baseline has " + b.name() + ".");
          }
          reordered = true;
        } else {
          add(Diagnostic.BASELINE_RENAMED, onComponent(struct, f, "name"), v, path + "." + f.name() + " was "
              + b.name() + " in the baseline (%s).");
          compareField(struct, f, b, v, path);
        }
      }
      return;
    }
    for (FieldModel f : inline) {
      if (!baseNames.contains(f.name())) {
        add(Diagnostic.BASELINE_FIELD_ADDED, onComponent(struct, f, "versions"), v, path + "." + f.name()
            + " is new in %s, which the baseline has.");
      }
    }
    for (SpecField b : baseInline) {
      if (!names.contains(b.name())) {
        boolean nowTagged = struct.fields().stream().anyMatch(f -> f.name().equals(b.name()) && f.taggedVersions().contains(v));
        if (nowTagged) {
          FieldModel f = struct.fields().stream().filter(x -> x.name().equals(b.name())).findFirst().orElseThrow();
          add(Diagnostic.BASELINE_TAG_CHANGED, onComponent(struct, f, "taggedVersions"), v, path + "." + b.name()
              + " is tagged in %s, where the baseline has it inline.");
        } else {
          add(Diagnostic.BASELINE_FIELD_REMOVED, onRecord(struct), v, path + "." + b.name()
              + " of the baseline is missing from %s.");
        }
      }
    }
    List<String> order = inline.stream().map(FieldModel::name).filter(baseNames::contains).toList();
    List<String> baseOrder = baseInline.stream().map(SpecField::name).filter(names::contains).toList();
    for (int i = 0; i < order.size(); i++) {
      if (!order.get(i).equals(baseOrder.get(i))) {
        FieldModel f = byName(struct, order.get(i));
        add(Diagnostic.BASELINE_FIELD_ORDER, onComponent(struct, f, null), v, path + "." + f.name()
            + " comes before " + baseOrder.get(i) + " in %s; the baseline has them the other way round.");
        break;
      }
    }
    for (FieldModel f : inline) {
      for (SpecField b : baseInline) {
        if (b.name().equals(f.name())) {
          compareField(struct, f, b, v, path);
        }
      }
    }
  }

  private void compareTagged(StructModel struct, List<SpecField> baseFields, int v, String path) {
    Map<Integer, SpecField> baseTags = new LinkedHashMap<>();
    Map<Integer, String> everUsed = new LinkedHashMap<>();
    for (SpecField b : baseFields) {
      if (b.tag() != null) {
        everUsed.putIfAbsent(b.tag(), b.name());
        if (present(b, v) && tagged(b, v)) {
          baseTags.put(b.tag(), b);
        }
      }
    }
    Map<Integer, FieldModel> tags = new LinkedHashMap<>();
    for (FieldModel f : struct.fields()) {
      if (f.versions().contains(v) && f.taggedVersions().contains(v)) {
        tags.put(f.tag(), f);
      }
    }
    for (SpecField b : baseTags.values()) {
      FieldModel f = tags.get(b.tag());
      if (f != null) {
        if (!f.name().equals(b.name())) {
          if (struct.fields().stream().anyMatch(x -> x.name().equals(b.name()))) {
            add(Diagnostic.BASELINE_TAG_CHANGED, onComponent(struct, f, "tag"), v, path + "." + f.name()
                + " takes tag " + b.tag() + " in %s, the baseline's tag of " + b.name() + ".");
            continue;
          }
          add(Diagnostic.BASELINE_RENAMED, onComponent(struct, f, "name"), v, path + "." + f.name() + " was "
              + b.name() + " in the baseline (%s).");
        }
        compareField(struct, f, b, v, path);
        continue;
      }
      Optional<FieldModel> renumbered = struct.fields().stream()
          .filter(x -> x.name().equals(b.name()) && x.versions().contains(v) && x.taggedVersions().contains(v))
          .findFirst();
      if (renumbered.isPresent()) {
        add(Diagnostic.BASELINE_TAG_CHANGED, onComponent(struct, renumbered.get(), "tag"), v, path + "."
            + b.name() + " has tag " + renumbered.get().tag() + " in %s; the baseline's is " + b.tag() + ".");
      } else if (!inlineNow(struct, b.name(), v)) {
        add(Diagnostic.BASELINE_FIELD_REMOVED, onRecord(struct), v, path + "." + b.name() + " (tag " + b.tag()
            + ") of the baseline is missing from %s.");
      } else {
        add(Diagnostic.BASELINE_TAG_CHANGED, onComponent(struct, byName(struct, b.name()), "taggedVersions"), v,
            path + "." + b.name() + " is inline in %s, where the baseline has it tagged.");
      }
    }
    for (FieldModel f : tags.values()) {
      if (baseTags.containsKey(f.tag())) {
        continue;
      }
      String previous = everUsed.get(f.tag());
      if (previous != null && !previous.equals(f.name())) {
        add(Diagnostic.BASELINE_TAG_CHANGED, onComponent(struct, f, "tag"), v, path + "." + f.name() + " takes tag "
            + f.tag() + " in %s, which the baseline gives " + previous + ".");
      }
      // otherwise: a new tagged field with a fresh tag (compatible), the baseline's field renumbered, or one
      // the baseline has inline (both reported above)
    }
  }

  private static boolean inlineNow(StructModel struct, String name, int v) {
    return struct.fields().stream()
        .anyMatch(f -> f.name().equals(name) && f.versions().contains(v) && !f.taggedVersions().contains(v));
  }

  private void compareField(StructModel struct, FieldModel f, SpecField b, int v, String path) {
    String where = path + "." + f.name();
    String type = f.type().specName();
    ClassName held = f.type().structOrElementStruct();
    boolean sameShape = held != null
        ? b.structName() != null && b.isArray() == type.startsWith("[]")
        : type.equals(b.type());
    if (!sameShape) {
      add(Diagnostic.BASELINE_FIELD_RETYPED, onComponent(struct, f, "type"), v, where + " is " + type + " in %s;"
          + " the baseline's is " + b.type() + ".");
      return;
    }
    if (f.nullableVersions().contains(v) != Versions.parse(b.nullableVersions()).contains(v)) {
      add(Diagnostic.BASELINE_NULLABILITY, onComponent(struct, f, "nullableVersions"), v, where + " is "
          + (f.nullableVersions().contains(v) ? "nullable" : "not nullable") + " in %s; in the baseline it is "
          + (f.nullableVersions().contains(v) ? "not." : "nullable."));
    }
    boolean compact = f.flexibleVersions().orElse(model.flexibleVersions()).contains(v);
    boolean baseCompact = (b.flexibleVersions() != null ? Versions.parse(b.flexibleVersions())
        : Versions.parse(base.flexibleVersions())).contains(v);
    if (compact != baseCompact) {
      add(Diagnostic.BASELINE_FLEXIBLE_MOVED, onComponent(struct, f, "flexibleVersions"), v, where + " is "
          + (compact ? "compact" : "classic") + " in %s; in the baseline it is " + (compact ? "classic." : "compact."));
    }
    if (!sameDefault(f, b)) {
      add(Diagnostic.BASELINE_DEFAULT_CHANGED, onComponent(struct, f, "defaultValue"), v, where + " defaults to \""
          + f.declaredDefault() + "\" in %s; the baseline's default is \"" + (b.defaultValue() == null ? "" : b.defaultValue())
          + "\".");
    }
    if (held != null) {
      String baseStruct = b.structName();
      if (!baseStruct.equals(held.simpleName())) {
        add(Diagnostic.BASELINE_RENAMED, onComponent(struct, f, "type"), v, where + " holds " + held.simpleName()
            + ", which was " + baseStruct + " in the baseline (%s).");
      }
      List<SpecField> children;
      try {
        children = base.struct(baseStruct).fields();
      } catch (IllegalStateException e) {
        children = List.of();
      }
      compareStruct(model.struct(held), children, v, where);
    }
  }

  private static boolean sameDefault(FieldModel f, SpecField b) {
    if (f.type().is(io.kwire.processor.model.Kind.RECORDS)) {
      return true; // records default to null, whatever a spec says
    }
    DefaultParser.Result parsed = DefaultParser.parse(b.defaultValue() == null ? "" : b.defaultValue().trim(), f.type());
    return parsed instanceof DefaultParser.Result.Parsed p && p.value().equals(f.defaultValue());
  }

  private static boolean present(SpecField f, int v) {
    return Versions.parse(f.versions()).contains(v);
  }

  private static boolean tagged(SpecField f, int v) {
    return Versions.parse(f.taggedVersions()).contains(v);
  }

  private static FieldModel byName(StructModel struct, String name) {
    return struct.fields().stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow();
  }

  private static String describe(Integer key, String type) {
    return (key == null ? "a " : "API key " + key + " ") + type.toLowerCase(Locale.ROOT);
  }

  private Location onAnnotation(String attribute) {
    return new Location(scanned.type(), annotation.mirror(), annotation.valueOf(attribute));
  }

  private Location onRecord(StructModel struct) {
    ScannedRecord record = scanned.records().get(struct.className().canonicalName());
    return new Location(record == null ? scanned.type() : record.type(), null, null);
  }

  /** The field's component, at {@code attribute}'s value when it is written out. */
  private Location onComponent(StructModel struct, FieldModel f, String attribute) {
    ScannedRecord record = scanned.records().get(struct.className().canonicalName());
    if (record != null) {
      for (ScannedComponent c : record.components()) {
        if (c.name().equals(f.javaName()) && c.field().isPresent()) {
          Attributes a = c.field().get();
          return new Location(c.reportOn(), a.mirror(), attribute == null ? null : a.valueOf(attribute));
        }
      }
    }
    return onRecord(struct);
  }

  private void once(Diagnostic d, Location at, String detail) {
    findings.putIfAbsent(new Finding(d, at, detail), new VersionSet());
  }

  private void add(Diagnostic d, Location at, int version, String detail) {
    findings.computeIfAbsent(new Finding(d, at, detail), k -> new VersionSet()).add(version);
  }

  private void report(Reporter reporter) {
    List<Map.Entry<Finding, VersionSet>> all = new ArrayList<>(findings.entrySet());
    for (Map.Entry<Finding, VersionSet> e : all) {
      Finding f = e.getKey();
      String detail = f.detail().contains("%s") ? f.detail().replace("%s", e.getValue().withNoun()) : f.detail();
      Location at = f.at();
      if (NOTES.contains(f.diagnostic())) {
        reporter.note(f.diagnostic(), detail, at.element(), at.mirror(), at.value());
      } else {
        reporter.error(f.diagnostic(), detail, at.element(), at.mirror(), at.value());
      }
    }
  }
}
