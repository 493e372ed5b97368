package io.kwire.tests.conformance;

import io.kwire.tests.conformance.WireView.FieldView;
import io.kwire.tests.conformance.WireView.MessageView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Compares Kafka's and kwire's {@link WireView} of one message at one version and collects every
 * difference. Keeps a count of the field pairs it compared, for the test report.
 */
final class Comparer {
  private final List<Difference> differences = new ArrayList<>();
  private final Set<String> newerReleasePaths;
  private int fieldsCompared;

  Comparer() {
    this(Set.of());
  }

  /**
   * @param newerReleasePaths paths of fields the newer release also has: their
   *     {@link WireView#DECLARATION_ONLY} attributes are checked against that release, not here
   */
  Comparer(Set<String> newerReleasePaths) {
    this.newerReleasePaths = Set.copyOf(newerReleasePaths);
  }

  List<Difference> differences() {
    return differences;
  }

  int fieldsCompared() {
    return fieldsCompared;
  }

  void add(Difference difference) {
    differences.add(difference);
  }

  void compare(int version, MessageView kafka, MessageView kwire) {
    String path = kafka.name();
    compareAttributes(version, path, kafka.attributes(), kwire.attributes(), Set.of());
    if (!Objects.equals(kafka.attributes().get(WireView.VALID), kwire.attributes().get(WireView.VALID))) {
      return; // kwire lacks the version: its fields at that version mean nothing
    }
    // A wrong message flexibleVersions would otherwise be repeated once per field.
    boolean flexibleAgrees = Objects.equals(
        kafka.attributes().get(WireView.FLEXIBLE), kwire.attributes().get(WireView.FLEXIBLE));
    Set<String> skip = flexibleAgrees ? Set.of() : Set.of(WireView.COMPACT);
    compareFields(version, path, kafka.fields(), kwire.fields(), skip);
  }

  private void compareFields(int version, String parent, List<FieldView> kafka, List<FieldView> kwire,
      Set<String> skip) {
    Map<String, FieldView> kafkaByName = byName(kafka);
    Map<String, FieldView> kwireByName = byName(kwire);
    if (kwireByName.size() != kwire.size()) {
      differences.add(new Difference(version, parent, "duplicate field names", names(kafka), names(kwire)));
    }
    for (String name : kafkaByName.keySet()) {
      if (!kwireByName.containsKey(name)) {
        differences.add(new Difference(version, parent + "." + name, "field", "present", "missing"));
      }
    }
    for (String name : kwireByName.keySet()) {
      if (!kafkaByName.containsKey(name)) {
        differences.add(new Difference(version, parent + "." + name, "field", "absent", "present"));
      }
    }
    List<String> kafkaOrder = new ArrayList<>(kafkaByName.keySet());
    kafkaOrder.retainAll(kwireByName.keySet());
    List<String> kwireOrder = new ArrayList<>(kwireByName.keySet());
    kwireOrder.retainAll(kafkaByName.keySet());
    if (!kafkaOrder.equals(kwireOrder)) {
      differences.add(new Difference(version, parent, "field order", kafkaOrder.toString(), kwireOrder.toString()));
    }
    for (String name : kafkaOrder) {
      FieldView k = kafkaByName.get(name);
      FieldView w = kwireByName.get(name);
      String path = parent + "." + name;
      fieldsCompared++;
      compareAttributes(version, path, k.attributes(), w.attributes(),
          newerReleasePaths.contains(path) ? union(skip, WireView.DECLARATION_ONLY) : skip);
      compareFields(version, path, k.children(), w.children(), skip);
    }
  }

  private void compareAttributes(int version, String path, Map<String, String> kafka, Map<String, String> kwire,
      Set<String> skip) {
    for (Map.Entry<String, String> e : kafka.entrySet()) {
      String attribute = e.getKey();
      String kwireValue = kwire.get(attribute);
      if (!skip.contains(attribute) && !Objects.equals(e.getValue(), kwireValue)) {
        differences.add(new Difference(version, path, attribute, e.getValue(), kwireValue));
      }
    }
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> all = new HashSet<>(a);
    all.addAll(b);
    return all;
  }

  private static String names(List<FieldView> fields) {
    return fields.stream().map(FieldView::name).toList().toString();
  }

  /** Fields by name in wire order; of a name given twice, the first. */
  private static Map<String, FieldView> byName(List<FieldView> fields) {
    Map<String, FieldView> map = new LinkedHashMap<>();
    for (FieldView f : fields) {
      map.putIfAbsent(f.name(), f);
    }
    return map;
  }
}
