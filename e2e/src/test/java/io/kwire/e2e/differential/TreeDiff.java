package io.kwire.e2e.differential;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** Field-by-field differences between two JSON trees, each with its path ({@code topics[0].errorCode}). */
final class TreeDiff {
  private TreeDiff() {}

  static void differences(String path, Object kafka, Object fake, List<String> out) {
    if (kafka instanceof Map<?, ?> k && fake instanceof Map<?, ?> f) {
      TreeSet<Object> names = new TreeSet<>();
      names.addAll(k.keySet());
      names.addAll(f.keySet());
      for (Object name : names) {
        String at = path.isEmpty() ? name.toString() : path + "." + name;
        if (!k.containsKey(name)) {
          out.add(at + ": only the fake has it: " + f.get(name));
        } else if (!f.containsKey(name)) {
          out.add(at + ": only Kafka has it: " + k.get(name));
        } else {
          differences(at, k.get(name), f.get(name), out);
        }
      }
    } else if (kafka instanceof List<?> k && fake instanceof List<?> f) {
      if (k.size() != f.size()) {
        out.add(path + ": Kafka has " + k.size() + " elements, the fake " + f.size() + ": Kafka " + k + " / fake " + f);
        return;
      }
      for (int i = 0; i < k.size(); i++) {
        differences(path + "[" + i + "]", k.get(i), f.get(i), out);
      }
    } else if (!Objects.equals(kafka, fake)) {
      out.add(path + ": Kafka " + kafka + ", fake " + fake);
    }
  }
}
