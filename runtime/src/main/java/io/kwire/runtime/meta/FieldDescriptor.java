package io.kwire.runtime.meta;

/**
 * What the processor knew about one field, generated beside each codec: the field as Kafka's
 * spec would state it. It serves conformance tests, JSON and frame explanation alike.
 *
 * @param name Kafka's field name, e.g. {@code ThrottleTimeMs}
 * @param javaName the record component, e.g. {@code throttleTimeMs}
 * @param type Kafka's type string: {@code int32}, {@code string}, {@code []int32}, {@code []CreatableTopic}, {@code CreatableTopic}
 * @param versions versions in which the field is on the wire
 * @param nullableVersions versions in which it may be null
 * @param tag the tag, or -1 when the field is never tagged
 * @param taggedVersions versions in which it travels in the tagged section
 * @param ignorable whether a non-default value may be dropped in versions without the field
 * @param defaultValue the default as declared in spec syntax; empty for the type's implicit default
 * @param mapKey whether the field keys its struct
 * @param flexibleVersions the field's own flexible versions, or {@code null} for the message's
 * @param zeroCopy whether bytes are decoded as a view of the input
 * @param entityType Kafka's entity type name, e.g. {@code topicName}; {@code unknown} when none
 * @param struct the struct of a struct or struct-array field, otherwise {@code null}
 */
public record FieldDescriptor(
    String name,
    String javaName,
    String type,
    VersionRange versions,
    VersionRange nullableVersions,
    int tag,
    VersionRange taggedVersions,
    boolean ignorable,
    String defaultValue,
    boolean mapKey,
    VersionRange flexibleVersions,
    boolean zeroCopy,
    String entityType,
    StructDescriptor struct) {

  public boolean isTagged() {
    return tag >= 0;
  }

  public boolean isArray() {
    return type.startsWith("[]");
  }
}
