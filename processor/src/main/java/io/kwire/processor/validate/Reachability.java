package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.StructModel;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The versions in which each struct can be on the wire: the body in the message's valid versions; a
 * struct in the hull of (field versions ∩ reachable versions of the holder) over every field that
 * holds it. The writers start each struct's methods from this range, so no test they write is
 * decided by the way the struct was reached.
 */
record Reachability(StructModel body, List<StructModel> structs) {
  static Reachability compute(StructModel body, List<StructModel> childrenFirst, VersionRange valid) {
    Map<ClassName, VersionRange> reachable = new HashMap<>();
    reachable.put(body.className(), valid);
    List<StructModel> parentsFirst = new ArrayList<>(childrenFirst);
    java.util.Collections.reverse(parentsFirst);
    parentsFirst.add(0, body);
    // Every holder precedes what it holds in parentsFirst (childrenFirst is a post-order of a tree-shaped DAG).
    for (StructModel holder : parentsFirst) {
      VersionRange here = reachable.getOrDefault(holder.className(), VersionRange.NONE);
      for (FieldModel f : holder.fields()) {
        ClassName held = f.type().structOrElementStruct();
        if (held != null) {
          reachable.merge(held, f.versions().intersect(here), Reachability::hull);
        }
      }
    }
    List<StructModel> structs = childrenFirst.stream()
        .map(s -> s.withReachableVersions(reachable.getOrDefault(s.className(), VersionRange.NONE)))
        .toList();
    return new Reachability(body.withReachableVersions(valid), structs);
  }

  /** The smallest range holding both. */
  static VersionRange hull(VersionRange a, VersionRange b) {
    if (a.isEmpty()) {
      return b;
    }
    if (b.isEmpty()) {
      return a;
    }
    return VersionRange.of(Math.min(a.lowest(), b.lowest()), Math.max(a.highest(), b.highest()));
  }
}
