package io.kwire.proxy;

import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.DecodedRequest;
import java.util.concurrent.CompletableFuture;

/**
 * The JSON log ({@code --log}) as a filter: one line per request and response, written off the
 * event loop by the {@link MessageLog}. It logs what goes on the wire, so Kafka's own question
 * (what did the broker receive, what did the client receive) is the one it answers:
 * {@link #requests} is the last of the chain (after every filter's change, the address rewriting
 * and the user's filters), {@link #responses} the first (responses run the chain backwards, so it
 * sees a response last). A request a filter answers or refuses never reaches the broker, and is not
 * logged.
 */
final class LogFilter {
  private LogFilter() {}

  /** The request side, last of the chain: the request as the broker receives it. */
  static Filter requests(MessageLog log) {
    return registry -> registry.onAnyRequest((request, context) -> {
      WireContext wire = (WireContext) context;
      DecodedRequest<Object> decoded = wire.decodedRequest();
      log.message(wire.connectionName(), "request", decoded.codec(), context.apiVersion(), context.correlationId(),
          decoded.header().clientId(), request, wire.requestFrame().length);
      return RequestResult.forward(request);
    });
  }

  /** The response side, first of the chain: the response as the client receives it. */
  static Filter responses(MessageLog log) {
    return registry -> registry.onAnyResponse((response, context) -> {
      WireContext wire = (WireContext) context;
      log.message(wire.connectionName(), "response", wire.responseCodec(), wire.responseVersion(),
          context.correlationId(), null, response, wire.responseFrame().length);
      return CompletableFuture.completedStage(response);
    });
  }
}
