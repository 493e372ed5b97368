package io.kwire.proxy;

import io.kwire.net.RawRequest;
import io.kwire.net.RawResponse;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.ResponseHeader;

/**
 * A stage of one client connection that works on frames, between the client and the typed filters
 * ({@link Forwarder}): it may hand a request on changed, at another version, or answer it itself,
 * and it sees each response of what it handed on before the client does. A request it hands on
 * meets the filters as the stage made it; a response reaches the stage after the filters. The
 * bridge ({@link BridgeStage}) is the one stage for now. Used from the connection's event loop only.
 */
interface FrameStage {
  /** Makes the stage of one client connection ({@code connection}: its name in event and log lines). */
  @FunctionalInterface
  interface Factory {
    FrameStage create(Recoder.Shared shared, Recoder recoder, String connection, Failures failures);
  }

  /** What a stage does when it cannot go on. */
  interface Failures {
    /** Logs {@code event} and closes the connection. */
    void fail(String event, String reason);
  }

  /** Where a stage hands a request on: the typed filters, then the broker. */
  @FunctionalInterface
  interface Next {
    /**
     * Forwards {@code request}; {@code decoded} is its body when the stage decoded it (then not
     * decoded again), else null; {@code response} is settled with the answer, after the filters.
     */
    void forward(RawRequest request, DecodedRequest<Object> decoded, RawResponse response);
  }

  /**
   * A place for a response that takes the body the response filters returned, decoded, rather
   * than its frame (so that a stage that changes it does not decode it again). {@link #send} still
   * takes frames: those no filter read, and the filters' own answers.
   */
  interface DecodedPlace extends RawResponse {
    /** The response at {@code version} (an ApiVersions may answer at v0 whatever was asked). */
    void send(ResponseHeader header, ApiMessageCodec<Object> codec, short version, Object body);
  }

  /** What the stage is called in event lines ("bridge"). */
  String name();

  /** A request frame to send upstream before the client is read, or null; its answer goes to {@link #started}. */
  byte[] startFrame();

  /** What {@link #startFrame} is called in event lines. */
  String startFrameName();

  /**
   * The upstream's answer to {@link #startFrame}.
   *
   * @throws RuntimeException if it is not usable (the connection is closed with its message)
   */
  void started(byte[] answer);

  /**
   * One request of the client: handed on to {@code next}, or answered through {@code response}.
   *
   * @throws RuntimeException when the stage fails on it (the connection is closed)
   */
  void request(RawRequest request, RawResponse response, Next next);
}
