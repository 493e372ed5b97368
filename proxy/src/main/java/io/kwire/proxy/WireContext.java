package io.kwire.proxy;

import io.kwire.proxy.filter.FilterContext;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;

/**
 * What the proxy's own observing filters ({@link LogFilter}, {@link CheckFilter}) know beyond a
 * user's {@link FilterContext}: the frames as they came and their decoding, and a place to hand the
 * {@link io.kwire.proxy.Forwarder} an encoding already made, so that a frame is encoded at most once.
 * Every context the proxy gives its filters is one.
 */
interface WireContext extends FilterContext {
  /** The client connection's name, as the log and the event lines write it. */
  String connectionName();

  /** The request as decoded from {@link #requestFrame()}. */
  DecodedRequest<Object> decodedRequest();

  /** The request frame as the client sent it. */
  byte[] requestFrame();

  /** The response codec; only once the response is in. */
  ApiMessageCodec<Object> responseCodec();

  /** The version the response decoded at (an ApiVersions answer may be at v0 whatever was asked). */
  short responseVersion();

  /** The response as decoded from {@link #responseFrame()}. */
  DecodedResponse<Object> decodedResponse();

  /** The response frame as the broker sent it. */
  byte[] responseFrame();

  /**
   * {@code frame} is the encoding of {@code body} (the request, or once the response is in, the
   * response): if {@code body} is what goes on, {@code frame} is sent and nothing is encoded again.
   */
  void encoded(Object body, byte[] frame);
}
