package io.kwire.processor.validate;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.model.FieldModel;
import io.kwire.processor.model.StructModel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which structs a Kafka spec of a message lists under {@code commonStructs}. A struct several fields
 * hold must be common (a spec defines an inline struct at its one field). Kafka also keeps structs
 * held once among the common ones; kwire's records show them by where they are declared: the nested
 * records of a message come inline ones first, in order of first appearance (depth first), then each
 * common struct followed by its own inline structs, the order {@code kwire records} writes. This
 * class finds the common structs that explain the declared order, so that records → spec → records
 * gives the records back.
 */
final class CommonStructs {
  private final StructModel body;
  private final Map<ClassName, StructModel> structs = new HashMap<>();

  private CommonStructs(StructModel body, List<StructModel> structs) {
    this.body = body;
    for (StructModel s : structs) {
      this.structs.put(s.className(), s);
    }
  }

  /**
   * @param nested the records nested in the message's record, in declaration order
   * @return the common structs in the order a spec lists them
   */
  static List<ClassName> find(StructModel body, List<StructModel> structs, List<ClassName> declared) {
    return new CommonStructs(body, structs).find(declared);
  }

  private List<ClassName> find(List<ClassName> nested) {
    Set<ClassName> common = new LinkedHashSet<>(shared());
    List<ClassName> declared = nested.stream().filter(structs::containsKey).toList();
    if (!new HashSet<>(declared).equals(structs.keySet())) {
      // some struct records live outside the message's record: their order says nothing
      return structs.keySet().stream().filter(common::contains).sorted().toList();
    }
    while (true) {
      List<ClassName> ordered = inDeclaredOrder(common, declared);
      List<ClassName> written = writtenOrder(ordered);
      int i = firstDifference(written, declared);
      if (i < 0 || i >= written.size() || common.contains(written.get(i))) {
        return ordered;
      }
      common.add(written.get(i));
    }
  }

  /** Structs held by more than one field, anywhere in the message. */
  private Set<ClassName> shared() {
    Map<ClassName, Integer> holders = new HashMap<>();
    List<StructModel> all = new ArrayList<>(structs.values());
    all.add(body);
    for (StructModel s : all) {
      for (FieldModel f : s.fields()) {
        ClassName held = f.type().structOrElementStruct();
        if (held != null) {
          holders.merge(held, 1, Integer::sum);
        }
      }
    }
    Set<ClassName> shared = new HashSet<>();
    holders.forEach((struct, count) -> {
      if (count > 1) {
        shared.add(struct);
      }
    });
    return shared;
  }

  private static List<ClassName> inDeclaredOrder(Set<ClassName> common, List<ClassName> declared) {
    return declared.stream().filter(common::contains).toList();
  }

  /** The order in which nested records are written for these common structs. */
  private List<ClassName> writtenOrder(List<ClassName> common) {
    Set<ClassName> written = new LinkedHashSet<>();
    collect(body, common, written);
    for (ClassName c : common) {
      if (written.add(c)) {
        collect(structs.get(c), common, written);
      }
    }
    return List.copyOf(written);
  }

  private void collect(StructModel struct, List<ClassName> common, Set<ClassName> written) {
    for (FieldModel f : struct.fields()) {
      ClassName held = f.type().structOrElementStruct();
      if (held != null && !common.contains(held) && written.add(held)) {
        collect(structs.get(held), common, written);
      }
    }
  }

  private static int firstDifference(List<ClassName> a, List<ClassName> b) {
    for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
      if (i >= a.size() || i >= b.size() || !a.get(i).equals(b.get(i))) {
        return i;
      }
    }
    return -1;
  }
}
