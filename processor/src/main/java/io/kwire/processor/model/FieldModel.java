package io.kwire.processor.model;

import com.palantir.javapoet.TypeName;
import io.kwire.runtime.meta.VersionRange;

/**
 * One validated field.
 *
 * @param javaName the record component
 * @param name Kafka's field name
 * @param javaType the component's type
 * @param tag the tag, or -1 when never tagged
 * @param flexibleVersions the field's own flexible versions, or null for the message's
 * @param entityType Kafka's spelling, e.g. {@code topicName}; {@code unknown} when none
 */
public record FieldModel(
    String javaName,
    String name,
    FieldType type,
    TypeName javaType,
    VersionRange versions,
    VersionRange nullableVersions,
    int tag,
    VersionRange taggedVersions,
    boolean ignorable,
    DefaultValue defaultValue,
    boolean mapKey,
    VersionRange flexibleVersions,
    boolean zeroCopy,
    String entityType) {

  public boolean isTagged() {
    return tag >= 0;
  }

  /** Versions in which the field sits inline, in declaration order (not in the tagged section). */
  public VersionRange inlineVersions() {
    return isTagged() ? versions.intersect(VersionRange.of(0, taggedVersions.lowest() - 1)) : versions;
  }
}
