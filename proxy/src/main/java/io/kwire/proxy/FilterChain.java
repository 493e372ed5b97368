package io.kwire.proxy;

import io.kwire.annotations.MessageType;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterContext;
import io.kwire.proxy.filter.FilterRegistry;
import io.kwire.proxy.filter.RequestFilter;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.proxy.filter.ResponseFilter;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One client connection's filters, as they registered: which APIs they read, and the runs of a
 * request (in registration order) and a response (in reverse order, as Netty's outbound handlers)
 * through them. A frame of an API no filter reads is never decoded for them.
 */
final class FilterChain implements FilterRegistry {
  /** A filter registered for one API key, or for all ({@code apiKey} -1). */
  private record Entry<F>(short apiKey, F filter) {}

  private final KwireRegistry registry;
  private final List<Entry<RequestFilter<Object>>> requests = new ArrayList<>();
  private final List<Entry<ResponseFilter<Object>>> responses = new ArrayList<>();
  private boolean anyRequest;
  private boolean anyResponse;
  /** Per API key (0-32767 would be too many; Kafka's are below 1024): whether some filter reads it. */
  private final java.util.BitSet requestKeys = new java.util.BitSet();
  private final java.util.BitSet responseKeys = new java.util.BitSet();

  private FilterChain(KwireRegistry registry) {
    this.registry = registry;
  }

  static FilterChain of(List<Filter> filters, KwireRegistry registry) {
    FilterChain chain = new FilterChain(registry);
    for (Filter filter : filters) {
      filter.register(chain);
    }
    return chain;
  }

  boolean readsRequest(short apiKey) {
    return anyRequest || requestKeys.get(apiKey);
  }

  boolean readsResponse(short apiKey) {
    return anyResponse || responseKeys.get(apiKey);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <Q> void onRequest(Class<Q> type, RequestFilter<Q> filter) {
    short key = apiKey(type, MessageType.REQUEST);
    requests.add(new Entry<>(key, (RequestFilter<Object>) filter));
    requestKeys.set(key);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R> void onResponse(Class<R> type, ResponseFilter<R> filter) {
    short key = apiKey(type, MessageType.RESPONSE);
    responses.add(new Entry<>(key, (ResponseFilter<Object>) filter));
    responseKeys.set(key);
  }

  @Override
  public void onAnyRequest(RequestFilter<Object> filter) {
    requests.add(new Entry<>((short) -1, java.util.Objects.requireNonNull(filter, "filter")));
    anyRequest = true;
  }

  @Override
  public void onAnyResponse(ResponseFilter<Object> filter) {
    responses.add(new Entry<>((short) -1, java.util.Objects.requireNonNull(filter, "filter")));
    anyResponse = true;
  }

  private short apiKey(Class<?> type, MessageType kind) {
    java.util.Objects.requireNonNull(type, "type");
    MessageCodec<?> codec = registry.codecFor(type);
    if (!(codec instanceof ApiMessageCodec<?> api) || api.type() != kind) {
      throw new IllegalArgumentException(type.getName() + " is not a " + kind.name().toLowerCase(java.util.Locale.ROOT)
          + " kwire has a codec for");
    }
    return api.apiKey();
  }

  /** {@code request} through the request filters of {@code apiKey}, from the first; stops at the first that does not forward it. */
  CompletionStage<RequestResult<Object>> request(short apiKey, Object request, FilterContext context) {
    return request(apiKey, 0, new RequestResult.Forward<>(request), context);
  }

  private CompletionStage<RequestResult<Object>> request(short apiKey, int from, RequestResult<Object> sofar,
      FilterContext context) {
    for (int i = from; i < requests.size(); i++) {
      Entry<RequestFilter<Object>> e = requests.get(i);
      if (e.apiKey() != apiKey && e.apiKey() != -1) {
        continue;
      }
      Object body = ((RequestResult.Forward<Object>) sofar).request();
      CompletionStage<RequestResult<Object>> stage = call(() -> e.filter().onRequest(body, context));
      CompletableFuture<RequestResult<Object>> done = stage.toCompletableFuture();
      int next = i + 1;
      if (done.isDone() && !done.isCompletedExceptionally()) { // the synchronous filter's case: no stage chained
        sofar = done.join();
        if (!(sofar instanceof RequestResult.Forward<Object>)) {
          return done;
        }
        continue;
      }
      return stage.thenCompose(r -> r instanceof RequestResult.Forward<Object> ? request(apiKey, next, r, context)
          : CompletableFuture.completedStage(r));
    }
    return CompletableFuture.completedStage(sofar);
  }

  /** {@code response} through the response filters of {@code apiKey}, from the last registered to the first. */
  CompletionStage<Object> response(short apiKey, Object response, FilterContext context) {
    return response(apiKey, responses.size() - 1, response, context);
  }

  private CompletionStage<Object> response(short apiKey, int from, Object sofar, FilterContext context) {
    for (int i = from; i >= 0; i--) {
      Entry<ResponseFilter<Object>> e = responses.get(i);
      if (e.apiKey() != apiKey && e.apiKey() != -1) {
        continue;
      }
      Object body = sofar;
      CompletableFuture<Object> done = call(() -> e.filter().onResponse(body, context)).toCompletableFuture();
      int next = i - 1;
      if (done.isDone() && !done.isCompletedExceptionally()) {
        sofar = done.join();
        java.util.Objects.requireNonNull(sofar, "a response filter returned null");
        continue;
      }
      return done.thenCompose(r -> response(apiKey, next, r, context));
    }
    return CompletableFuture.completedStage(sofar);
  }

  /** A filter that throws, or returns null, fails its stage: the session closes the connection with the reason. */
  private static <T> CompletionStage<T> call(java.util.function.Supplier<CompletionStage<T>> filter) {
    try {
      CompletionStage<T> stage = filter.get();
      return stage != null ? stage : CompletableFuture.failedStage(new NullPointerException("a filter returned no stage"));
    } catch (RuntimeException e) {
      return CompletableFuture.failedStage(e);
    }
  }
}
