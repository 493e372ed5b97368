package io.kwire.processor.write;

import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;

/**
 * Consecutive inline fields that are on the wire under the same condition: one {@code if} holds
 * them all, and each run of fixed-width fields inside takes one capacity or bounds check.
 *
 * @param indexes the fields' positions in the struct
 */
record FieldGroup(VersionCondition present, List<Integer> indexes) {
  /** The groups of {@code struct}'s inline fields, in wire order, within {@code possible}; fields never inline there are left out. */
  static List<FieldGroup> of(StructModel struct, VersionRange possible) {
    List<FieldGroup> groups = new ArrayList<>();
    VersionCondition current = null;
    List<Integer> indexes = new ArrayList<>();
    for (int i = 0; i < struct.fields().size(); i++) {
      VersionCondition c = VersionCondition.of(struct.fields().get(i).inlineVersions(), possible);
      if (c.never()) {
        continue;
      }
      if (current != null && !current.whenTrue().equals(c.whenTrue())) {
        groups.add(new FieldGroup(current, List.copyOf(indexes)));
        indexes.clear();
      }
      current = c;
      indexes.add(i);
    }
    if (current != null) {
      groups.add(new FieldGroup(current, List.copyOf(indexes)));
    }
    return groups;
  }

  /** The group's fields split into runs: fixed-width fields that join runs together, every other field alone. */
  List<List<Integer>> runs(StructModel struct) {
    List<List<Integer>> runs = new ArrayList<>();
    List<Integer> run = new ArrayList<>();
    for (int i : indexes) {
      FieldModel f = struct.fields().get(i);
      if (joinsRun(f)) {
        run.add(i);
        continue;
      }
      if (!run.isEmpty()) {
        runs.add(List.copyOf(run));
        run.clear();
      }
      runs.add(List.of(i));
    }
    if (!run.isEmpty()) {
      runs.add(List.copyOf(run));
    }
    return runs;
  }

  static boolean joinsRun(FieldModel f) {
    return f.type().kindOrNull() != null && Primitives.joinsRuns(f.type().kindOrNull());
  }

  /** The bytes of a run of fixed-width fields. */
  static int width(StructModel struct, List<Integer> run) {
    return run.stream().mapToInt(i -> struct.fields().get(i).type().kindOrNull().fixedWidth()).sum();
  }
}
