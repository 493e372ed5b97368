package io.kwire.spec;

import java.util.Set;
import java.util.TreeSet;

/**
 * The imports of one generated file. A type whose simple name clashes with a nested record (for
 * example a struct called {@code Listener}) is written fully qualified instead of imported.
 */
final class Imports {
  private final Set<String> nestedNames;
  private final Set<String> imports = new TreeSet<>();

  Imports(Set<String> nestedNames) {
    this.nestedNames = nestedNames;
  }

  /** How to refer to {@code qualifiedName} in the file; imports it when that is safe. */
  String use(String qualifiedName) {
    String simple = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
    if (nestedNames.contains(simple)) {
      return qualifiedName;
    }
    if (!qualifiedName.startsWith("java.lang.")) {
      imports.add(qualifiedName);
    }
    return simple;
  }

  String render() {
    StringBuilder out = new StringBuilder();
    for (String name : imports) {
      out.append("import ").append(name).append(";\n");
    }
    return out.toString();
  }
}
