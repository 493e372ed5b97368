package io.kwire.proxy.filter;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * What a {@link RequestFilter} decided. The factories return completed stages, so that a
 * synchronous filter ends with {@code return RequestResult.forward(request);} and an asynchronous
 * one composes them ({@code stage.thenCompose(x -> RequestResult.forward(request))}).
 *
 * @param <Q> the request's record class
 */
public sealed interface RequestResult<Q> {
  /** The request goes on to the next filter, then to the broker; {@code request} may be a changed copy. */
  record Forward<Q>(Q request) implements RequestResult<Q> {
    public Forward {
      Objects.requireNonNull(request, "request");
    }
  }

  /**
   * The proxy answers with {@code response} (the API's response record, encoded at the request's
   * version), and neither later filters nor the broker see the request.
   */
  record Respond<Q>(Object response) implements RequestResult<Q> {
    public Respond {
      Objects.requireNonNull(response, "response");
    }
  }

  /**
   * The proxy answers with Kafka's error {@code errorCode} for this API and version, shaped as a
   * broker refuses the whole request (kwire-messages' {@code ErrorResponses}: the code in every
   * topic, partition, resource or group the request names, or at the top level). An API kwire has
   * no such shape for, and whose response has no top-level error code, closes the connection, as a
   * broker does with a request it cannot answer.
   */
  record Refuse<Q>(short errorCode) implements RequestResult<Q> {}

  static <Q> CompletionStage<RequestResult<Q>> forward(Q request) {
    return CompletableFuture.completedStage(new Forward<>(request));
  }

  static <Q> CompletionStage<RequestResult<Q>> respond(Object response) {
    return CompletableFuture.completedStage(new Respond<>(response));
  }

  static <Q> CompletionStage<RequestResult<Q>> refuse(short errorCode) {
    return CompletableFuture.completedStage(new Refuse<>(errorCode));
  }
}
