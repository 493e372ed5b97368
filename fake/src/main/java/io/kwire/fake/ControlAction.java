package io.kwire.fake;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletionStage;

/** What a {@link Control} does with a request. */
public sealed interface ControlAction {
  /** Not this hook's business: the next hook, or the broker, handles it; a once-hook stays installed. */
  static ControlAction pass() {
    return Pass.INSTANCE;
  }

  /** Answers with {@code response}, a record of the request's response type; the broker never sees it. */
  static ControlAction respond(Object response) {
    return new Respond(Objects.requireNonNull(response, "response"));
  }

  /**
   * Answers with the API's error response at the request's version carrying {@code errorCode},
   * shaped as Kafka's {@code AbstractRequest.getErrorResponse}: the code in every partition, topic,
   * resource or group the request names (Produce, Fetch before v13, ListOffsets, CreateTopics,
   * DescribeConfigs, DescribeGroups, OffsetFetch...), else at the top level. Works for every API
   * and version the fake serves; an error message that Kafka fills with its own description of
   * the code is left null.
   */
  static ControlAction fail(short errorCode) {
    return new Fail(errorCode);
  }

  /** Holds the request for {@code delay} (on a timer: nothing blocks), then passes it on to the next hook or the broker. */
  static ControlAction delay(Duration delay) {
    if (delay.isNegative()) {
      throw new IllegalArgumentException("a negative delay: " + delay);
    }
    return new Delay(delay);
  }

  /**
   * Holds the request until {@code release} completes (however: normally or not), then passes it on
   * to the next hook or the broker, as {@link #delay} does after its time; {@link ControlBuilder#hold()}
   * makes such futures for a test to complete.
   */
  static ControlAction holdUntil(CompletionStage<?> release) {
    return new Hold(Objects.requireNonNull(release, "release"));
  }

  /** Closes the connection without answering (the requests before it on the connection are still answered). */
  static ControlAction drop() {
    return Drop.INSTANCE;
  }

  enum Pass implements ControlAction { INSTANCE }

  enum Drop implements ControlAction { INSTANCE }

  record Respond(Object response) implements ControlAction {}

  record Fail(short errorCode) implements ControlAction {}

  record Delay(Duration delay) implements ControlAction {}

  record Hold(CompletionStage<?> release) implements ControlAction {}
}
