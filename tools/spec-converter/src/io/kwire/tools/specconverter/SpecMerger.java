package io.kwire.tools.specconverter;

import io.kwire.spec.SpecField;
import io.kwire.spec.SpecMessage;
import io.kwire.spec.SpecStruct;
import io.kwire.spec.Versions;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges the 3.9.1 and 4.4.0 specs of one message into a spec covering the versions of both.
 *
 * <p>Rule: for a version 4.4.0 defines, 4.4.0 decides; for a version only 3.9.1 defines, 3.9.1
 * decides. Version-range attributes (versions, nullableVersions, taggedVersions, the message's
 * flexible and deprecated versions) are merged version by version under that rule; every other
 * attribute follows 4.4.0 when the field exists there. Fields are matched by name; a field only one
 * spec has keeps the versions that spec decides.
 */
final class SpecMerger {
  private final SpecMessage old;
  private final SpecMessage current;
  private final DifferenceLog log;
  private final String label;
  /** Versions only 3.9.1 defines: 3.9.1 decides them. */
  private final BitSet oldOnlyVersions = new BitSet();
  /** One past the highest version either spec defines; probes open-endedness. */
  private final int beyond;
  private final Map<String, SpecStruct> mergedStructs = new LinkedHashMap<>();

  private SpecMerger(SpecMessage old, SpecMessage current, DifferenceLog log) {
    this.old = old;
    this.current = current;
    this.log = log;
    this.label = current.name();
    Versions oldValid = Versions.parse(old.validVersions());
    Versions newValid = Versions.parse(current.validVersions());
    for (int v = oldValid.lowest(); v <= oldValid.highest(); v++) {
      if (!newValid.contains(v)) {
        oldOnlyVersions.set(v);
      }
    }
    this.beyond = Math.max(oldValid.highest(), newValid.highest()) + 1;
  }

  /** The merged spec; {@code old} or {@code current} may be null (then the other is used as is). */
  static SpecMessage merge(SpecMessage old, SpecMessage current, DifferenceLog log) {
    if (current == null) {
      return old;
    }
    if (old == null) {
      return current;
    }
    return new SpecMerger(old, current, log).merge();
  }

  private SpecMessage merge() {
    String here = "(message)";
    log.addIfDifferent(label, here, "name", old.name(), current.name(), current.name());
    String valid = union(old.validVersions(), current.validVersions());
    log.addIfDifferent(label, here, "validVersions", old.validVersions(), current.validVersions(), valid);
    String flexible = mergeRange(old.flexibleVersions(), current.flexibleVersions());
    log.addIfDifferent(label, here, "flexibleVersions", old.flexibleVersions(), current.flexibleVersions(),
        flexible);
    String deprecated = mergeRange(old.deprecatedVersions(), current.deprecatedVersions());
    log.addIfDifferent(label, here, "deprecatedVersions", old.deprecatedVersions(), current.deprecatedVersions(),
        deprecated);
    log.addIfDifferent(label, here, "latestVersionUnstable", old.latestVersionUnstable(),
        current.latestVersionUnstable(), current.latestVersionUnstable());
    log.addIfDifferent(label, here, "listeners", old.listeners(), current.listeners(), current.listeners());

    List<SpecField> fields = mergeFields("", old.fields(), current.fields());
    // Common structs no field refers to still belong to the message.
    for (SpecStruct struct : current.structs().values()) {
      if (struct.common() && !mergedStructs.containsKey(struct.name())) {
        mergeStruct(struct.name(), old.structs().containsKey(struct.name()) ? struct.name() : null,
            struct.name());
      }
    }
    for (SpecStruct struct : old.structs().values()) {
      if (struct.common() && !mergedStructs.containsKey(struct.name())) {
        mergeStruct(struct.name(), struct.name(), null);
      }
    }
    return new SpecMessage(current.name(), current.type(), current.apiKey(), valid, flexible,
        "none".equals(deprecated) ? null : deprecated, current.latestVersionUnstable(), current.listeners(),
        fields, mergedStructs);
  }

  private List<SpecField> mergeFields(String path, List<SpecField> oldFields, List<SpecField> newFields) {
    Map<String, SpecField> oldByName = byName(oldFields);
    Map<String, SpecField> newByName = byName(newFields);
    List<SpecField> merged = new ArrayList<>();
    for (SpecField field : newFields) {
      merged.add(mergeField(path, oldByName.get(field.name()), field));
    }
    // A field only 3.9.1 has goes right after the field that precedes it in 3.9.1.
    String previous = null;
    for (SpecField field : oldFields) {
      if (!newByName.containsKey(field.name())) {
        int at = previous == null ? 0 : indexOf(merged, previous) + 1;
        merged.add(at, mergeField(path, field, null));
      }
      previous = field.name();
    }
    checkCommonOrder(path, oldFields, newByName);
    List<SpecField> kept = new ArrayList<>();
    for (SpecField field : merged) {
      if (Versions.parse(field.versions()).isEmpty()) {
        log.add(label, path + field.name(), "field dropped", "present", "absent",
            "no version left in which this spec decides");
      } else {
        kept.add(field);
      }
    }
    return kept;
  }

  private SpecField mergeField(String path, SpecField oldField, SpecField newField) {
    SpecField base = newField != null ? newField : oldField;
    String where = path + base.name();
    String versions = mergeRange(oldField == null ? null : oldField.versions(),
        newField == null ? null : newField.versions());
    String nullable = mergeRange(oldField == null ? null : oldField.nullableVersions(),
        newField == null ? null : newField.nullableVersions());
    String tagged = mergeRange(oldField == null ? null : oldField.taggedVersions(),
        newField == null ? null : newField.taggedVersions());
    SpecField merged = base.withVersions(versions, "none".equals(nullable) ? null : nullable,
        "none".equals(tagged) ? null : tagged);
    if (oldField == null || newField == null) {
      // The versions columns show the field's versions in each spec; "absent" marks the other.
      log.add(label, where, oldField == null ? "field only in 4.4.0" : "field only in 3.9.1",
          oldField == null ? null : oldField.versions(), newField == null ? null : newField.versions(), versions);
    } else {
      compare(where, oldField, newField, versions, nullable, tagged);
    }
    String oldStruct = oldField == null ? null : oldField.structName();
    String newStruct = newField == null ? null : newField.structName();
    if (base.structName() != null) {
      mergeStruct(base.structName(), oldStruct, newStruct);
    }
    return merged;
  }

  private void compare(String where, SpecField o, SpecField n, String versions, String nullable, String tagged) {
    log.addIfDifferent(label, where, "versions", o.versions(), n.versions(), versions);
    log.addIfDifferent(label, where, "nullableVersions", o.nullableVersions(), n.nullableVersions(), nullable);
    log.addIfDifferent(label, where, "taggedVersions", o.taggedVersions(), n.taggedVersions(), tagged);
    log.addIfDifferent(label, where, "type", o.type(), n.type(), n.type());
    log.addIfDifferent(label, where, "tag", o.tag(), n.tag(), n.tag());
    log.addIfDifferent(label, where, "ignorable", o.ignorable(), n.ignorable(), n.ignorable());
    log.addIfDifferent(label, where, "default", o.defaultValue(), n.defaultValue(), n.defaultValue());
    log.addIfDifferent(label, where, "mapKey", o.mapKey(), n.mapKey(), n.mapKey());
    log.addIfDifferent(label, where, "flexibleVersions", o.flexibleVersions(), n.flexibleVersions(),
        n.flexibleVersions());
    log.addIfDifferent(label, where, "zeroCopy", o.zeroCopy(), n.zeroCopy(), n.zeroCopy());
    log.addIfDifferent(label, where, "entityType", o.entityType(), n.entityType(), n.entityType());
  }

  private void mergeStruct(String mergedName, String oldName, String newName) {
    if (mergedStructs.containsKey(mergedName)) {
      return;
    }
    SpecStruct oldStruct = oldName == null ? null : old.struct(oldName);
    SpecStruct newStruct = newName == null ? null : current.struct(newName);
    SpecStruct base = newStruct != null ? newStruct : oldStruct;
    if (oldStruct != null && newStruct != null && oldStruct.common() != newStruct.common()) {
      log.add(label, mergedName, "struct kind", kind(oldStruct), kind(newStruct), kind(newStruct));
    }
    // Reserve the name first: the struct's own fields may be merged recursively.
    mergedStructs.put(mergedName, base);
    List<SpecField> fields = mergeFields(mergedName + ".",
        oldStruct == null ? List.of() : oldStruct.fields(), newStruct == null ? List.of() : newStruct.fields());
    mergedStructs.put(mergedName, new SpecStruct(mergedName, fields, base.common()));
  }

  /**
   * Merges a version range attribute version by version: 3.9.1 decides the versions only it
   * defines, 4.4.0 all others (including those above both, which makes the result open-ended when
   * 4.4.0's range is).
   */
  private String mergeRange(String oldText, String newText) {
    Versions oldRange = Versions.parse(oldText);
    Versions newRange = Versions.parse(newText);
    BitSet members = new BitSet();
    for (int v = 0; v <= beyond; v++) {
      if (oldOnlyVersions.get(v) ? oldRange.contains(v) : newRange.contains(v)) {
        members.set(v);
      }
    }
    if (members.isEmpty()) {
      return "none";
    }
    int lowest = members.nextSetBit(0);
    int highest = members.length() - 1;
    if (members.cardinality() != highest - lowest + 1) {
      throw new IllegalStateException(label + ": ranges " + oldText + " and " + newText + " merge to " + members);
    }
    Versions result = new Versions(lowest, highest == beyond ? Integer.MAX_VALUE : highest);
    // Keep 4.4.0's spelling when nothing changed (e.g. a range ending above every valid version).
    return result.equals(newRange) && newText != null ? newText : result.toString();
  }

  private String union(String oldText, String newText) {
    Versions a = Versions.parse(oldText);
    Versions b = Versions.parse(newText);
    if (a.highest() + 1 < b.lowest() || b.highest() + 1 < a.lowest()) {
      throw new IllegalStateException(label + ": validVersions " + oldText + " and " + newText + " do not touch");
    }
    return new Versions(Math.min(a.lowest(), b.lowest()), Math.max(a.highest(), b.highest())).toString();
  }

  private void checkCommonOrder(String path, List<SpecField> oldFields, Map<String, SpecField> newByName) {
    List<String> oldOrder = new ArrayList<>();
    for (SpecField field : oldFields) {
      if (newByName.containsKey(field.name())) {
        oldOrder.add(field.name());
      }
    }
    List<String> newOrder = new ArrayList<>();
    for (String name : newByName.keySet()) {
      if (oldOrder.contains(name)) {
        newOrder.add(name);
      }
    }
    if (!oldOrder.equals(newOrder)) {
      log.add(label, path.isEmpty() ? "(message)" : path, "field order", oldOrder, newOrder, newOrder);
    }
  }

  private static String kind(SpecStruct struct) {
    return struct.common() ? "common" : "inline";
  }

  private static Map<String, SpecField> byName(List<SpecField> fields) {
    Map<String, SpecField> map = new LinkedHashMap<>();
    for (SpecField field : fields) {
      map.put(field.name(), field);
    }
    return map;
  }

  private static int indexOf(List<SpecField> fields, String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("no field " + name);
  }
}
