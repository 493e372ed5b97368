package io.kwire.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one record component as a field of a Kafka message. Wire order is the order of the
 * record's components. Every component of a message or struct record carries this annotation,
 * except one optional component of type {@code io.kwire.runtime.wire.UnknownTaggedFields}, which keeps
 * tagged fields this version of the record does not know.
 *
 * <p>A component whose type is a record is a <em>struct</em>; a {@code List} of records is an array
 * of structs. The struct record's own components carry {@code @Field} too, and the builder gets a
 * nested {@code <Struct>Builder} for it. Which Java types map to which Kafka types is in docs/reference.md's
 * "Java types" table; {@link #type()} covers the cases the Java type cannot tell.
 *
 * <p>Semantics follow Kafka's generator: on read, a field absent from the version takes its default;
 * on write, a field absent from the version must hold its default (unless {@link #ignorable()});
 * null is accepted only in {@link #nullableVersions()}.
 *
 * <p>All attributes are optional, but a field needs {@link #versions()} or {@link #taggedVersions()}.
 *
 * <p>{@link ElementType#FIELD} is among the targets so that javac keeps the annotation on the
 * record's private field as well: diagnostics can then point at the exact annotation value.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Field {
  /**
   * Versions of the message that have this field, e.g. {@code "0+"} or {@code "2-4"}; they must
   * overlap the message's valid versions. Required unless the field is tagged, in which case it
   * defaults to {@link #taggedVersions()}.
   */
  String versions() default "";

  /**
   * Versions in which the field may be null, {@code "none"} by default. Only string, bytes, records,
   * struct and array fields can be nullable. Writing null outside these versions is an encode error;
   * reading a null length there is a protocol error.
   */
  String nullableVersions() default "none";

  /**
   * The tag of a tagged field, 0 or more; -1 (the default) means the field is not tagged. Tags are
   * unique and contiguous from 0 within a struct. A tagged field is written only when it differs
   * from its default, so give it a {@link #defaultValue()} (often {@code "null"}).
   */
  int tag() default -1;

  /**
   * Versions in which a tagged field travels in the tagged-field section: open-ended ({@code "N+"}),
   * within the field's {@link #versions()} and the message's flexible versions. Needs {@link #tag()};
   * {@code "none"} (the default) for untagged fields.
   */
  String taggedVersions() default "none";

  /**
   * Whether a non-default value may be silently dropped when writing a version that lacks the field;
   * false (the default) makes that a {@code KwireEncodeException} naming message, field and version.
   */
  boolean ignorable() default false;

  /**
   * The default value, in Kafka's spec syntax; what the builder starts from, what a read of a
   * version without the field gives, and what a tagged field is compared with before it is written.
   * Per type:
   * <ul>
   *   <li>integers: decimal or {@code 0x} hexadecimal, within the type's range ({@code "-1"},
   *       {@code "0x7fffffff"}; {@code "010"} is decimal 10);</li>
   *   <li>{@code boolean}: {@code "true"} or {@code "false"}, in any case;</li>
   *   <li>{@code double}: a Java double literal ({@code "1.5"}, {@code "NaN"}, {@code "Infinity"});</li>
   *   <li>{@code String}: the text itself, or {@code "null"} (needs the field nullable in all its versions);</li>
   *   <li>{@code UUID}: 16 bytes in base64url ({@code "AAAAAAAAAAAAAAAAAAAAAA"} is the zero UUID);</li>
   *   <li>bytes, struct and array fields: only empty or {@code "null"}; records fields: none or {@code "null"}.</li>
   * </ul>
   * Empty (the default) means the type's implicit default: 0, false, the empty string, the zero
   * UUID, empty bytes, an empty list, a struct of defaults, or null for records.
   */
  String defaultValue() default "";

  /**
   * Whether this field is (part of) the key of its struct in an array that Kafka keeps as a map
   * (e.g. topic names in CreateTopicsRequest). Only for fields of structs inside arrays, never tagged.
   * Informational: it does not change the wire or the Java type (still a {@code List}); it is in the
   * descriptor.
   */
  boolean mapKey() default false;

  /**
   * For a string or bytes field only: the versions in which <em>this field</em> uses the compact
   * encoding, overriding the message's {@link ApiKey#flexibleVersions()}; {@code "none"} or
   * open-ended, within the message's flexible versions. Kafka uses it where a field keeps its classic
   * encoding in flexible versions (the request header's client id, {@code "none"}). Empty (the
   * default) means the message's flexible versions.
   */
  String flexibleVersions() default "";

  /**
   * The wire type, where the Java type cannot tell it; for a {@code List}, the element's wire type.
   * {@link WireType#AUTO} (the default) derives it from the Java type. Needed for unsigned integers:
   * {@code int} with {@link WireType#UINT16}, {@code long} with {@link WireType#UINT32}. Any other
   * value must agree with the Java type ({@link WireType#RECORDS} with {@code io.kwire.runtime.Records}).
   */
  WireType type() default WireType.AUTO;

  /**
   * For a bytes field declared as {@code java.nio.ByteBuffer}: decoding gives a read-only view of the
   * input instead of a copy (keep the input alive and unchanged while you use it). Required with
   * {@code ByteBuffer}, not allowed with anything else; {@code byte[]} fields are always copies.
   */
  boolean zeroCopy() default false;

  /**
   * What the field names (a topic, a group id, a broker id, ...), as Kafka's specs record it.
   * Informational (in the descriptor); it must fit the field's type (e.g. a string or array of
   * strings for {@link EntityType#TOPIC_NAME}).
   */
  EntityType entityType() default EntityType.UNKNOWN;

  /**
   * The field carries a secret: SASL authentication bytes, a SCRAM salt or salted password, a
   * delegation token's HMAC. Nothing changes on the wire; the descriptor says so
   * ({@code FieldDescriptor.sensitive()}), and human-facing output (kwire-json's redaction, the
   * {@code kwire} command) shows it redacted unless asked otherwise. Declared here, once, so no
   * tool keeps its own list.
   */
  boolean sensitive() default false;

  /**
   * Kafka's name for the field, matching {@code [A-Za-z][A-Za-z0-9]*}; by default the component
   * name with its first letter upper-cased ({@code topicName} is {@code TopicName}). It appears in
   * descriptors and error paths; builder methods keep the component's name.
   */
  String name() default "";
}
