package io.kwire.spec;

import java.util.Set;

/** Java identifiers for Kafka field names. */
public final class JavaNames {
  private static final Set<String> KEYWORDS = Set.of(
      "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
      "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
      "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
      "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
      "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var",
      "yield", "record", "sealed", "permits", "non-sealed", "_");

  /** Names a record component may not take (JLS 8.10.1) or that the generated records use themselves. */
  private static final Set<String> RESERVED = Set.of(
      "clone", "finalize", "getClass", "hashCode", "notify", "notifyAll", "toString", "wait", "equals",
      "unknownTaggedFields");

  private JavaNames() {}

  public static String lowerFirst(String name) {
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  public static String upperFirst(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  public static boolean isUsable(String identifier) {
    return !KEYWORDS.contains(identifier) && !RESERVED.contains(identifier);
  }
}
