package io.kwire.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a record as the body of a Kafka request or response. The processor generates a codec
 * ({@code <Record>Codec}) and a builder ({@code <Record>Builder}) in the record's package, and
 * registers the codec for {@code KwireRegistry.standard()}.
 *
 * <pre>
 * &#64;ApiKey(value = 10000, type = MessageType.REQUEST, validVersions = "0-1", flexibleVersions = "1+")
 * public record GreetRequest(&#64;Field(versions = "0+") String greeting, ...) {}
 * </pre>
 *
 * <p><b>Required:</b> {@link #value()}, {@link #type()}, {@link #validVersions()},
 * {@link #flexibleVersions()}. <b>Optional:</b> {@link #deprecatedVersions()},
 * {@link #latestVersionUnstable()}, {@link #listeners()}, {@link #name()}.
 *
 * <p>Version ranges use Kafka's spec syntax: {@code "3"} (one version), {@code "0-5"} (inclusive),
 * {@code "2+"} (2 and every later version) or {@code "none"}; versions are 0 to 32767.
 *
 * <p>Each API key has at most one request record and one response record in a compilation; the
 * record's components, each with {@link Field}, are the message's fields in wire order.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface ApiKey {
  /**
   * Required. The API key, 0 to 32767. Kafka uses 0 to 94; pick a key of your own above those
   * (e.g. 10000) so that your codecs and kwire-messages' live in one registry.
   */
  int value();

  /** Required. {@link MessageType#REQUEST} or {@link MessageType#RESPONSE}; nothing else. */
  MessageType type();

  /**
   * Required. Versions this message exists in; bounded, e.g. {@code "0-3"} or {@code "2"}. Encoding
   * or decoding any other version is an error.
   */
  String validVersions();

  /**
   * Required. Versions that use Kafka's flexible encoding (compact strings, bytes and arrays, and a
   * tagged-field section in every struct): {@code "none"} or open-ended, e.g. {@code "1+"}. It also
   * chooses the header version (request header v2 and response header v1 in flexible versions).
   */
  String flexibleVersions();

  /**
   * Optional, {@code "none"} by default. The oldest versions an earlier release had and this one no
   * longer supports (Kafka 4.0 dropped versions 0-2 of Produce): with a baseline
   * ({@code -Akwire.baseline=PATH}), dropping them is then a note, not an error. Otherwise informational.
   */
  String droppedVersions() default "none";

  /** Optional, {@code "none"} by default. Versions the API marks deprecated; informational (in the descriptor). */
  String deprecatedVersions() default "none";

  /** Optional, false by default; requests only. Whether the highest valid version is still unstable; informational. */
  boolean latestVersionUnstable() default false;

  /** Optional, empty by default; requests only. Which kinds of node answer this API; informational. */
  Listener[] listeners() default {};

  /**
   * Optional. Kafka's name for the message (in descriptors and error messages); by default the
   * record's simple name. Generated classes are always named after the record.
   */
  String name() default "";
}
