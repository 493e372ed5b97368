package io.kwire.proxy;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.annotations.MessageType;

/**
 * API names ("Metadata", or "api 68" for a key kwire has no codec for) and the counter keys made of
 * them ("request Metadata"), worked out once per proxy from its registry: a frame only indexes an
 * array, where building the name (a regular expression and two concatenations) cost every frame.
 * Keys past {@link #NAMED_KEYS} (and negative ones) share one name, "unknown api", so that a client
 * sending every api key cannot make the proxy keep tens of thousands of counters.
 */
final class ApiNames {
  /** Api keys below this are named one by one (Kafka's run to about 90); the rest are "unknown api". */
  static final int NAMED_KEYS = 256;
  static final String UNKNOWN = "unknown api";

  private final String[] names;
  private final String[] requestKeys;
  private final String[] responseKeys;

  ApiNames(KwireRegistry registry) {
    int size = Math.max(NAMED_KEYS, registry.apis().stream().mapToInt(ApiMessageCodec::apiKey).max().orElse(-1) + 1);
    names = new String[size];
    requestKeys = new String[size];
    responseKeys = new String[size];
    for (int key = 0; key < size; key++) {
      name(key, "api " + key);
    }
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.type() == MessageType.REQUEST) {
        name(codec.apiKey(), codec.descriptor().name().replaceFirst("Request$", ""));
      }
    }
  }

  private void name(int key, String name) {
    names[key] = name;
    requestKeys[key] = "request " + name;
    responseKeys[key] = "response " + name;
  }

  /** The API's name, without "Request" or "Response". */
  String name(short apiKey) {
    return named(apiKey) ? names[apiKey] : UNKNOWN;
  }

  /** The counter key of the API's requests. */
  String request(short apiKey) {
    return named(apiKey) ? requestKeys[apiKey] : "request " + UNKNOWN;
  }

  /** The counter key of the API's responses. */
  String response(short apiKey) {
    return named(apiKey) ? responseKeys[apiKey] : "response " + UNKNOWN;
  }

  private boolean named(short apiKey) {
    return apiKey >= 0 && apiKey < names.length;
  }
}
