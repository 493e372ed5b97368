package io.kwire.fake.handlers;

import io.kwire.runtime.ApiMessageCodec;

/**
 * An API the fake serves: its codecs, the versions it answers (those Kafka 4.x brokers answer,
 * within what the fake implements), and its handler.
 */
public record FakeApi<Q, R>(ApiMessageCodec<Q> requestCodec, ApiMessageCodec<R> responseCodec, short minVersion,
    short maxVersion, ApiHandler<Q, R> handler) {
  public short apiKey() {
    return requestCodec.apiKey();
  }
}
