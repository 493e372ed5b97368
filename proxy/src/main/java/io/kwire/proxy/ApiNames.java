package io.kwire.proxy;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.annotations.MessageType;

/**
 * API names ("Metadata", or "api 68" for a key kwire has no codec for) and the counter keys made of
 * them ("request Metadata"), worked out once per proxy from its registry: a frame only indexes an
 * array, where building the name (a regular expression and two concatenations) cost every frame.
 */
final class ApiNames {
  private final String[] names;
  private final String[] requestKeys;
  private final String[] responseKeys;

  ApiNames(KwireRegistry registry) {
    int size = registry.apis().stream().mapToInt(ApiMessageCodec::apiKey).max().orElse(-1) + 1;
    names = new String[size];
    requestKeys = new String[size];
    responseKeys = new String[size];
    for (ApiMessageCodec<?> codec : registry.apis()) {
      if (codec.type() == MessageType.REQUEST) {
        String name = codec.descriptor().name().replaceFirst("Request$", "");
        names[codec.apiKey()] = name;
        requestKeys[codec.apiKey()] = "request " + name;
        responseKeys[codec.apiKey()] = "response " + name;
      }
    }
  }

  /** The API's name, without "Request" or "Response". */
  String name(short apiKey) {
    return known(apiKey) ? names[apiKey] : "api " + apiKey;
  }

  /** The counter key of the API's requests. */
  String request(short apiKey) {
    return known(apiKey) ? requestKeys[apiKey] : "request api " + apiKey;
  }

  /** The counter key of the API's responses. */
  String response(short apiKey) {
    return known(apiKey) ? responseKeys[apiKey] : "response api " + apiKey;
  }

  private boolean known(short apiKey) {
    return apiKey >= 0 && apiKey < names.length && names[apiKey] != null;
  }
}
