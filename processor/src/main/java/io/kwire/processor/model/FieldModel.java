package io.kwire.processor.model;

import com.palantir.javapoet.TypeName;
import io.kwire.runtime.meta.VersionRange;
import java.util.Optional;

/**
 * One validated field.
 *
 * @param javaName the record component
 * @param name Kafka's field name
 * @param javaType the component's type
 * @param tagging the tag and tagged versions, when the field is ever tagged
 * @param declaredDefault the default as written in {@code @Field(defaultValue)}; empty for the implicit one
 * @param flexibleVersions the field's own flexible versions, when it overrides the message's
 * @param entityType Kafka's spelling, e.g. {@code topicName}; {@code unknown} when none
 * @param sensitive whether the field carries a secret ({@code @Field(sensitive = true)})
 * @param defaultDeclared whether {@code @Field(defaultValue)} was written, even as {@code ""}
 *     (Kafka's specs say {@code "default": ""} on some strings; the exported spec keeps it)
 */
public record FieldModel(
    String javaName,
    String name,
    FieldType type,
    TypeName javaType,
    VersionRange versions,
    VersionRange nullableVersions,
    Optional<Tagging> tagging,
    boolean ignorable,
    DefaultValue defaultValue,
    String declaredDefault,
    boolean mapKey,
    Optional<VersionRange> flexibleVersions,
    boolean zeroCopy,
    String entityType,
    boolean sensitive,
    boolean defaultDeclared) {

  /** A field whose default is declared when its text is not empty. */
  public FieldModel(String javaName, String name, FieldType type, TypeName javaType, VersionRange versions,
      VersionRange nullableVersions, Optional<Tagging> tagging, boolean ignorable, DefaultValue defaultValue,
      String declaredDefault, boolean mapKey, Optional<VersionRange> flexibleVersions, boolean zeroCopy,
      String entityType, boolean sensitive) {
    this(javaName, name, type, javaType, versions, nullableVersions, tagging, ignorable, defaultValue, declaredDefault,
        mapKey, flexibleVersions, zeroCopy, entityType, sensitive, !declaredDefault.isEmpty());
  }

  public boolean isTagged() {
    return tagging.isPresent();
  }

  /** The tag; only for tagged fields. */
  public int tag() {
    return tagging.orElseThrow().tag();
  }

  /** Versions in which the field travels in the tagged section (none when never tagged). */
  public VersionRange taggedVersions() {
    return tagging.map(Tagging::versions).orElse(VersionRange.NONE);
  }

  /** Versions in which the field sits inline, in declaration order (not in the tagged section). */
  public VersionRange inlineVersions() {
    return tagging.map(t -> versions.intersect(VersionRange.of(0, t.versions().lowest() - 1))).orElse(versions);
  }
}
