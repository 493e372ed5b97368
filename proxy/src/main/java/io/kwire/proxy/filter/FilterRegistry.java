package io.kwire.proxy.filter;

/**
 * Where a {@link Filter} registers what it reads, for one client connection. Only the APIs some
 * filter registers for are decoded; the others pass through undecoded.
 */
public interface FilterRegistry {
  /**
   * Runs {@code filter} on every request of record class {@code type} (for example
   * {@code ProduceRequest.class}), at every version kwire decodes.
   *
   * @throws IllegalArgumentException if {@code type} is no request record kwire has a codec for
   */
  <Q> void onRequest(Class<Q> type, RequestFilter<Q> filter);

  /**
   * Runs {@code filter} on every response of record class {@code type}.
   *
   * @throws IllegalArgumentException if {@code type} is no response record kwire has a codec for
   */
  <R> void onResponse(Class<R> type, ResponseFilter<R> filter);

  /** Runs {@code filter} on every request kwire decodes: every API is then decoded. */
  void onAnyRequest(RequestFilter<Object> filter);

  /** Runs {@code filter} on every response kwire decodes: every API is then decoded. */
  void onAnyResponse(ResponseFilter<Object> filter);
}
