package io.kwire.net;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.meta.VersionRange;
import io.netty.channel.Channel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One API's handler with its codecs and the versions it serves: decodes a request, calls the
 * handler, encodes what it answers into the request's slot, or Kafka's error response when it fails.
 *
 * @param <Q> the request record
 * @param <R> the response record
 */
final class Route<Q, R> {
  private final ApiMessageCodec<Q> request;
  private final ApiMessageCodec<R> response;
  private final VersionRange versions;
  private final AsyncRequestHandler<Q, R> handler;

  private Route(ApiMessageCodec<Q> request, ApiMessageCodec<R> response, VersionRange versions,
      AsyncRequestHandler<Q, R> handler) {
    this.request = request;
    this.response = response;
    this.versions = versions;
    this.handler = handler;
  }

  /**
   * A route serving {@code wanted} versions, cut to those both codecs know.
   *
   * @throws IllegalArgumentException if the codecs' api keys or types disagree, or no version is left
   */
  public static <Q, R> Route<Q, R> of(ApiMessageCodec<Q> request, ApiMessageCodec<R> response, VersionRange wanted,
      AsyncRequestHandler<Q, R> handler) {
    if (request.apiKey() != response.apiKey() || request.type() != io.kwire.annotations.MessageType.REQUEST
        || response.type() != io.kwire.annotations.MessageType.RESPONSE) {
      throw new IllegalArgumentException(request.descriptor().name() + " and " + response.descriptor().name()
          + " are not the request and response of one API");
    }
    VersionRange served = request.descriptor().validVersions().intersect(response.descriptor().validVersions())
        .intersect(wanted);
    if (served.isEmpty()) {
      throw new IllegalArgumentException(request.descriptor().name() + " has no version in " + wanted
          + " (its codecs know " + request.descriptor().validVersions() + ")");
    }
    return new Route<>(request, response, served, handler);
  }

  /** A synchronous handler as a stage that is already complete. */
  public static <Q, R> AsyncRequestHandler<Q, R> async(RequestHandler<Q, R> handler) {
    return (q, context) -> {
      try {
        return CompletableFuture.completedFuture(handler.handle(q, context));
      } catch (Exception e) {
        return CompletableFuture.failedFuture(e);
      }
    };
  }

  public short apiKey() {
    return request.apiKey();
  }

  public VersionRange versions() {
    return versions;
  }

  public String name() {
    return request.descriptor().name();
  }

  /**
   * Decodes and answers one request whose version is in {@link #versions()}.
   *
   * @throws io.kwire.runtime.KwireProtocolException if the request does not decode (the caller closes)
   */
  void dispatch(InboundRequest in, ServerConnection connection, ServerSettings settings) {
    DecodedRequest<Q> decoded = Frames.decodeRequest(in.frame(), request, settings.options());
    short version = in.raw().apiVersion();
    boolean expectsResponse = request.apiKey() != ProduceAcks.PRODUCE
        || ProduceAcks.of(in.frame(), version, request.headerVersion(version)) != 0;
    Call call = new Call(decoded.header(), connection, expectsResponse);
    CompletionStage<R> stage;
    try {
      stage = handler.handle(decoded.body(), call);
      if (stage == null) {
        stage = CompletableFuture.failedFuture(new NullPointerException("the handler returned no stage"));
      }
    } catch (RuntimeException e) {
      stage = CompletableFuture.failedFuture(e);
    }
    Channel channel = connection.channel();
    long timeoutNanos = settings.handlerTimeout().toNanos();
    ScheduledFuture<?> timeout = channel.eventLoop().schedule(() -> fail(in, call, channel,
        new TimeoutException("no answer within " + settings.handlerTimeout().toMillis() + " ms")),
        timeoutNanos, TimeUnit.NANOSECONDS);
    CompletionStage<R> answered = stage;
    in.slot().onDrop(() -> { // the connection ended first: nobody reads the answer, stop waiting for it
      timeout.cancel(false);
      if (answered instanceof Future<?> future) {
        future.cancel(false);
      }
    });
    stage.whenComplete((answer, failure) -> {
      timeout.cancel(false);
      if (in.slot().isDropped()) {
        return; // the cancellation above, or an answer nobody reads
      }
      if (failure != null) {
        fail(in, call, channel, failure);
      } else if (!call.expectsResponse()) {
        in.slot().nothing();
      } else {
        respond(in, call, channel, answer);
      }
    });
  }

  private void respond(InboundRequest in, Call call, Channel channel, R answer) {
    byte[] frame;
    try {
      if (answer == null) {
        throw new NullPointerException("the handler answered null");
      }
      frame = Frames.encodeResponse(new ResponseHeader(call.header().correlationId()), response,
          call.apiVersion(), answer);
    } catch (RuntimeException e) {
      fail(in, call, channel, e);
      return;
    }
    in.slot().respond(frame);
  }

  /** Kafka's way: the API's error response with UNKNOWN_SERVER_ERROR if it has a generic one, else a close. */
  private void fail(InboundRequest in, Call call, Channel channel, Throwable failure) {
    String what = name() + " v" + call.apiVersion() + " (correlation id " + call.header().correlationId() + ")";
    byte[] error = call.expectsResponse()
        ? ErrorResponses.unknownServerError(response, call.apiVersion(), call.header().correlationId()) : null;
    if (error != null) {
      ServerEvents.warn(channel, "the handler of " + what + " failed; answering UNKNOWN_SERVER_ERROR", failure);
      in.slot().respond(error);
    } else {
      ServerEvents.warn(channel, "the handler of " + what + " failed", failure);
      in.slot().close("no error response can be built for " + what);
    }
  }
}
