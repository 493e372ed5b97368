package io.kwire.runtime.meta;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the processor knew about one field, generated beside each codec: the field as Kafka's
 * spec would state it. It serves conformance tests, JSON and frame explanation alike.
 *
 * <p>Generated code builds it with {@link #of} and one {@code with*} call per attribute that
 * differs from its default, so a new attribute (with a default) leaves compiled codecs working.
 *
 * @param name Kafka's field name, e.g. {@code ThrottleTimeMs}
 * @param javaName the record component, e.g. {@code throttleTimeMs}
 * @param type Kafka's type string: {@code int32}, {@code string}, {@code []int32}, {@code []CreatableTopic}, {@code CreatableTopic}
 * @param versions versions in which the field is on the wire
 * @param nullableVersions versions in which it may be null
 * @param tag the tag; empty when the field is never tagged
 * @param taggedVersions versions in which it travels in the tagged section
 * @param ignorable whether a non-default value may be dropped in versions without the field
 * @param defaultValue the default as declared in spec syntax; empty for the type's implicit default
 * @param mapKey whether the field keys its struct
 * @param flexibleVersions the field's own flexible versions; empty when the message's apply
 * @param zeroCopy whether bytes are decoded as a view of the input
 * @param entityType Kafka's entity type name, e.g. {@code topicName}; {@code unknown} when none
 * @param struct the struct of a struct or struct-array field, otherwise {@code null}
 * @param sensitive whether the field carries a secret (SASL auth bytes, SCRAM salts and keys, token
 *     HMACs) that human-facing output should redact; declared with {@code @Field(sensitive = true)}
 */
public record FieldDescriptor(
    String name,
    String javaName,
    String type,
    VersionRange versions,
    VersionRange nullableVersions,
    OptionalInt tag,
    VersionRange taggedVersions,
    boolean ignorable,
    String defaultValue,
    boolean mapKey,
    Optional<VersionRange> flexibleVersions,
    boolean zeroCopy,
    String entityType,
    StructDescriptor struct,
    boolean sensitive) {

  /** Kafka's spelling when a field has no entity type. */
  public static final String NO_ENTITY_TYPE = "unknown";

  /** Tag and flexible versions are never null: empty says "not tagged" and "the message's". */
  public FieldDescriptor {
    Objects.requireNonNull(tag, "tag");
    Objects.requireNonNull(flexibleVersions, "flexibleVersions");
  }

  /**
   * A field on the wire in {@code versions}, every other attribute at its default: never null,
   * never tagged, not ignorable, the type's implicit default, no map key, the message's flexible
   * versions, no zero copy, no entity type, no struct, not sensitive.
   */
  public static FieldDescriptor of(String name, String javaName, String type, VersionRange versions) {
    return new FieldDescriptor(name, javaName, type, versions, VersionRange.NONE, OptionalInt.empty(),
        VersionRange.NONE, false, "", false, Optional.empty(), false, NO_ENTITY_TYPE, null, false);
  }

  public FieldDescriptor withNullableVersions(VersionRange nullable) {
    return new FieldDescriptor(name, javaName, type, versions, nullable, tag, taggedVersions, ignorable,
        defaultValue, mapKey, flexibleVersions, zeroCopy, entityType, struct, sensitive);
  }

  /** Tagged with {@code tag} in {@code tagged}. */
  public FieldDescriptor withTag(int tag, VersionRange tagged) {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, OptionalInt.of(tag), tagged,
        ignorable, defaultValue, mapKey, flexibleVersions, zeroCopy, entityType, struct, sensitive);
  }

  public FieldDescriptor withIgnorable() {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, true,
        defaultValue, mapKey, flexibleVersions, zeroCopy, entityType, struct, sensitive);
  }

  /** The default as declared, in spec syntax. */
  public FieldDescriptor withDefaultValue(String declared) {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        declared, mapKey, flexibleVersions, zeroCopy, entityType, struct, sensitive);
  }

  public FieldDescriptor withMapKey() {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        defaultValue, true, flexibleVersions, zeroCopy, entityType, struct, sensitive);
  }

  /** The field's own flexible versions, instead of the message's. */
  public FieldDescriptor withFlexibleVersions(VersionRange flexible) {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        defaultValue, mapKey, Optional.of(flexible), zeroCopy, entityType, struct, sensitive);
  }

  public FieldDescriptor withZeroCopy() {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        defaultValue, mapKey, flexibleVersions, true, entityType, struct, sensitive);
  }

  public FieldDescriptor withEntityType(String entity) {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        defaultValue, mapKey, flexibleVersions, zeroCopy, entity, struct, sensitive);
  }

  /** The struct of a struct or struct-array field. */
  public FieldDescriptor withStruct(StructDescriptor of) {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        defaultValue, mapKey, flexibleVersions, zeroCopy, entityType, of, sensitive);
  }

  /** Marks the field as carrying a secret (see {@link #sensitive()}). */
  public FieldDescriptor withSensitive() {
    return new FieldDescriptor(name, javaName, type, versions, nullableVersions, tag, taggedVersions, ignorable,
        defaultValue, mapKey, flexibleVersions, zeroCopy, entityType, struct, true);
  }

  public boolean isTagged() {
    return tag.isPresent();
  }

  public boolean isArray() {
    return type.startsWith("[]");
  }

  /** The versions in which this field is flexible: its own, or else {@code messageFlexible}. */
  public VersionRange flexibleVersionsOr(VersionRange messageFlexible) {
    return flexibleVersions.orElse(messageFlexible);
  }
}
