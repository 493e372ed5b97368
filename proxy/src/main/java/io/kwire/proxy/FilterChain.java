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
  /** A filter registered for one API key, or for all ({@code apiKey} -1), by the filter at {@code owner} in the chain. */
  private record Entry<F>(short apiKey, F filter, int owner) {}

  private final KwireRegistry registry;
  private final List<Entry<RequestFilter<Object>>> requests = new ArrayList<>();
  private final List<Entry<ResponseFilter<Object>>> responses = new ArrayList<>();
  private boolean anyRequest;
  private boolean anyResponse;
  /** Per API key (0-32767 would be too many; Kafka's are below 1024): whether some filter reads it. */
  private final java.util.BitSet requestKeys = new java.util.BitSet();
  private final java.util.BitSet responseKeys = new java.util.BitSet();
  /** The responses some filter other than the proxy's {@link AddressFilter} reads. */
  private final java.util.BitSet otherResponseKeys = new java.util.BitSet();
  /** The proxy's address filter, when it is in the chain. */
  private AddressFilter addressFilter;
  private Filter current;

  private final ProxyMetrics.FilterOutcomes outcomes;
  /** The place in the chain of the filter registering now. */
  private int registering;

  private FilterChain(KwireRegistry registry, ProxyMetrics.FilterOutcomes outcomes) {
    this.registry = registry;
    this.outcomes = outcomes;
  }

  static FilterChain of(List<Filter> filters, KwireRegistry registry) {
    return of(filters, registry, null);
  }

  /** The chain of {@code filters}, each request decision counted in {@code outcomes} (null: not counted). */
  static FilterChain of(List<Filter> filters, KwireRegistry registry, ProxyMetrics.FilterOutcomes outcomes) {
    FilterChain chain = new FilterChain(registry, outcomes);
    for (Filter filter : filters) {
      chain.current = filter;
      if (filter instanceof AddressFilter a) {
        chain.addressFilter = a;
      }
      filter.register(chain);
      chain.registering++;
    }
    return chain;
  }

  boolean readsRequest(short apiKey) {
    return anyRequest || requestKeys.get(apiKey);
  }

  boolean readsResponse(short apiKey) {
    return anyResponse || responseKeys.get(apiKey);
  }

  /**
   * The proxy's address filter when it is the only filter reading {@code apiKey}'s responses (the
   * proxy may then rewrite the addresses itself, without decoding the rest: Fetch's tail), else null.
   */
  AddressFilter onlyAddressesRead(short apiKey) {
    return addressFilter != null && !anyResponse && !otherResponseKeys.get(apiKey) && responseKeys.get(apiKey)
        ? addressFilter : null;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <Q> void onRequest(Class<Q> type, RequestFilter<Q> filter) {
    short key = apiKey(type, MessageType.REQUEST);
    requests.add(new Entry<>(key, (RequestFilter<Object>) filter, registering));
    requestKeys.set(key);
  }

  @Override
  @SuppressWarnings("unchecked")
  public <R> void onResponse(Class<R> type, ResponseFilter<R> filter) {
    short key = apiKey(type, MessageType.RESPONSE);
    responses.add(new Entry<>(key, (ResponseFilter<Object>) filter, registering));
    responseKeys.set(key);
    if (!(current instanceof AddressFilter)) {
      otherResponseKeys.set(key);
    }
  }

  @Override
  public void onAnyRequest(RequestFilter<Object> filter) {
    requests.add(new Entry<>((short) -1, java.util.Objects.requireNonNull(filter, "filter"), registering));
    anyRequest = true;
  }

  @Override
  public void onAnyResponse(ResponseFilter<Object> filter) {
    responses.add(new Entry<>((short) -1, java.util.Objects.requireNonNull(filter, "filter"), registering));
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
        counted(e.owner(), sofar, null);
        if (!(sofar instanceof RequestResult.Forward<Object>)) {
          return done;
        }
        continue;
      }
      return stage.whenComplete((r, failure) -> counted(e.owner(), r, failure))
          .thenCompose(r -> r instanceof RequestResult.Forward<Object> ? request(apiKey, next, r, context)
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

  private void counted(int owner, RequestResult<Object> result, Throwable failure) {
    if (outcomes == null) {
      return;
    }
    outcomes.count(owner, failure != null || result == null ? ProxyMetrics.FilterOutcomes.FAILED
        : result instanceof RequestResult.Forward<Object> ? ProxyMetrics.FilterOutcomes.FORWARDED
        : result instanceof RequestResult.Respond<Object> ? ProxyMetrics.FilterOutcomes.ANSWERED
        : ProxyMetrics.FilterOutcomes.REFUSED);
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
