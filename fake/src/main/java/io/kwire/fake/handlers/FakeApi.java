package io.kwire.fake.handlers;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.meta.VersionRange;

/**
 * An API the fake serves: its codecs, the versions it answers (those Kafka 4.x brokers answer,
 * within what the fake implements), and its handler.
 */
public record FakeApi<Q, R>(ApiMessageCodec<Q> requestCodec, ApiMessageCodec<R> responseCodec, VersionRange versions,
    ApiHandler<Q, R> handler) {
  static <Q, R> FakeApi<Q, R> of(ApiMessageCodec<Q> request, ApiMessageCodec<R> response, int lowest, int highest,
      ApiHandler<Q, R> handler) {
    return new FakeApi<>(request, response, VersionRange.of(lowest, highest), handler);
  }
}
