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
    boolean sensitive) {

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
