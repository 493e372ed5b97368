package io.kwire.bridge;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;

/** Encodes and decodes bodies through kwire's codecs, as the proxy does: what the bridge hands out must encode. */
final class Wire {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  private Wire() {}

  /** The request, encoded at {@code version} and decoded again. */
  @SuppressWarnings("unchecked")
  static <T> T request(T body, short apiKey, short version) {
    ApiMessageCodec<T> codec = (ApiMessageCodec<T>) REGISTRY.request(apiKey);
    return codec.decode(codec.encode(body, version), version);
  }

  /** The response, encoded at {@code version} and decoded again. */
  @SuppressWarnings("unchecked")
  static <T> T response(T body, short apiKey, short version) {
    ApiMessageCodec<T> codec = (ApiMessageCodec<T>) REGISTRY.response(apiKey);
    return codec.decode(codec.encode(body, version), version);
  }
}
