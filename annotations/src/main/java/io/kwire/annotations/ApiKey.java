package io.kwire.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as the body of a Kafka request or response. The processor generates a codec
 * ({@code <Record>Codec}) and a builder ({@code <Record>Builder}) next to it.
 *
 * <p>Version ranges use Kafka's spec syntax: {@code "3"}, {@code "0-5"}, {@code "2+"} or
 * {@code "none"}.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ApiKey {
  /** The API key, 0 to 32767. */
  int value();

  /** {@link MessageType#REQUEST} or {@link MessageType#RESPONSE}. */
  MessageType type();

  /** Versions this message exists in; must be bounded, e.g. {@code "0-3"}. */
  String validVersions();

  /** Versions that use compact encodings and tagged fields: {@code "none"} or open-ended {@code "N+"}. */
  String flexibleVersions();

  /** Versions the API marks deprecated; informational. */
  String deprecatedVersions() default "none";

  /** Whether the highest valid version is still unstable (requests only). */
  boolean latestVersionUnstable() default false;

  /** Which kinds of node answer this API (requests only); informational. */
  Listener[] listeners() default {};

  /** Kafka's name for the message; defaults to the record's simple name. */
  String name() default "";
}
