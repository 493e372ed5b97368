package io.kwire.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as a versioned message without an API key: a header, or a data message found
 * inside other payloads (for example {@code ConsumerProtocolSubscription}). The processor generates
 * a codec and a builder for it, as for {@link ApiKey}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface DataMessage {
  /** Optional, {@link MessageType#DATA} by default. {@link MessageType#HEADER}, {@link MessageType#DATA} or {@link MessageType#METADATA}. */
  MessageType type() default MessageType.DATA;

  /** Required. Versions this message exists in; bounded, e.g. {@code "0-3"}. See {@link ApiKey#validVersions()}. */
  String validVersions();

  /** Required. Versions that use compact encodings and tagged fields: {@code "none"} or open-ended {@code "N+"}. */
  String flexibleVersions();

  /**
   * Optional, {@code "none"} by default. The oldest versions an earlier release had and this one
   * drops; see {@link ApiKey#droppedVersions()}.
   */
  String droppedVersions() default "none";

  /** Optional. Kafka's name for the message; by default the record's simple name. */
  String name() default "";
}
