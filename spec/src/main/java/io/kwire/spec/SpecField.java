package io.kwire.spec;

/**
 * One field of a message spec, with its attributes as the spec states them (absent = null).
 * Struct-typed fields name their struct in {@link #type}; the struct's fields live in the
 * message's struct table ({@link SpecMessage#structs()}).
 */
public record SpecField(
    String name,
    String type,
    String versions,
    String nullableVersions,
    String taggedVersions,
    Integer tag,
    boolean ignorable,
    String defaultValue,
    boolean mapKey,
    String flexibleVersions,
    boolean zeroCopy,
    String entityType) {

  public boolean isArray() {
    return type.startsWith("[]");
  }

  /** The type without its {@code []} prefix. */
  public String elementType() {
    return isArray() ? type.substring(2) : type;
  }

  /** The struct this field holds (alone or in an array), or null for a primitive field. */
  public String structName() {
    String element = elementType();
    return Character.isUpperCase(element.charAt(0)) ? element : null;
  }

  public SpecField withVersions(String newVersions, String newNullable, String newTagged) {
    return new SpecField(name, type, newVersions, newNullable, newTagged, tag, ignorable, defaultValue, mapKey,
        flexibleVersions, zeroCopy, entityType);
  }
}
