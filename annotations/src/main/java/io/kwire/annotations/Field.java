package io.kwire.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one record component as a field of a Kafka message. Wire order is the order of the
 * record's components. Every component of a message or struct record carries this annotation,
 * except one optional component of type {@code io.kwire.runtime.UnknownTaggedFields}, which keeps
 * tagged fields this version of the record does not know.
 *
 * <p>{@link ElementType#FIELD} is among the targets so that javac keeps the annotation on the
 * record's private field as well: diagnostics can then point at the exact annotation value.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD})
public @interface Field {
  /** Versions in which the field is on the wire. Required unless {@link #taggedVersions()} is given. */
  String versions() default "";

  /** Versions in which the field may be null. */
  String nullableVersions() default "none";

  /** The tag of a tagged field, 0 or more; -1 (the default) means the field is not tagged. */
  int tag() default -1;

  /** Versions in which the field travels in the tagged-field section; open-ended. */
  String taggedVersions() default "none";

  /** Whether a non-default value may be silently dropped when writing a version without the field. */
  boolean ignorable() default false;

  /**
   * The default value, in Kafka's spec syntax ({@code "-1"}, {@code "0x7f"}, {@code "true"},
   * {@code "null"}, a base64url UUID). Empty means the type's implicit default.
   */
  String defaultValue() default "";

  /** Whether this field is (part of) the key of its struct in a keyed array. */
  boolean mapKey() default false;

  /** Overrides the message's flexible versions for this string or bytes field. Empty means the message's. */
  String flexibleVersions() default "";

  /** The wire type where the Java type cannot tell it; for lists, the element's wire type. */
  WireType type() default WireType.AUTO;

  /** For bytes: decode as a {@code java.nio.ByteBuffer} view of the input instead of a copy. */
  boolean zeroCopy() default false;

  /** What the field names; informational. */
  EntityType entityType() default EntityType.UNKNOWN;

  /** Kafka's name for the field; defaults to the component name with its first letter upper-cased. */
  String name() default "";
}
