package io.kwire.bridge;

import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.runtime.RequestHeader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ApiVersions is forwarded at the client's version, and the broker's answer widened to what the
 * bridge can translate: an API whose removed versions the bridge translates is offered from the
 * translation's first version (Produce from 0, Fetch from 0, ...). A version kwire does not know
 * is answered locally as a broker does (KIP-511): error UNSUPPORTED_VERSION in a version 0 body
 * listing ApiVersions' own range, so the client retries with one it has.
 */
final class ApiVersionsTranslation {

  private final BrokerVersions broker;
  private final Map<Short, ApiTranslation> translations;

  ApiVersionsTranslation(BrokerVersions broker, Map<Short, ApiTranslation> translations) {
    this.broker = broker;
    this.translations = translations;
  }

  RequestTranslation translate(RequestHeader client, Object request) {
    short version = client.requestApiVersion();
    if (request == null || version > maxKnownVersion()) {
      short offered = broker.knows(ApiVersionsRequestCodec.API_KEY) ? (short) Math.min(broker.max(ApiVersionsRequestCodec.API_KEY), maxKnownVersion()) : 0;
      return new RequestTranslation.LocalResponse(client, (short) 0, fallback(offered), true,
          "ApiVersions v" + version + " is unknown to the bridge: version 0 fallback with UNSUPPORTED_VERSION");
    }
    return new RequestTranslation.Translated(client, version, request, true, List.of(),
        response -> ResponseTranslation.of(widen((ApiVersionsResponse) response)));
  }

  static short maxKnownVersion() {
    return ApiVersionsRequestCodec.INSTANCE.descriptor().validVersions().highest();
  }

  /** The KIP-511 fallback: UNSUPPORTED_VERSION, and ApiVersions' own range (0 to {@code max}). */
  static ApiVersionsResponse fallback(short max) {
    return new ApiVersionsResponseBuilder()
        .errorCode(KafkaErrors.UNSUPPORTED_VERSION)
        .apiKeys(List.of(new ApiVersionsResponseBuilder.ApiVersionBuilder()
            .apiKey(ApiVersionsRequestCodec.API_KEY).minVersion((short) 0).maxVersion(max).build()))
        .build();
  }

  /** The broker's list, each translated API's minimum lowered to the translation's first version. */
  ApiVersionsResponse widen(ApiVersionsResponse response) {
    if (response.errorCode() != KafkaErrors.NONE) {
      return response; // the broker's own fallback: the client retries, and that answer is widened
    }
    List<ApiVersionsResponse.ApiVersion> keys = new ArrayList<>(response.apiKeys().size());
    for (ApiVersionsResponse.ApiVersion v : response.apiKeys()) {
      ApiTranslation t = translations.get(v.apiKey());
      if (t != null && BridgeTranslator.reaches(t, broker)) {
        v = new ApiVersionsResponseBuilder.ApiVersionBuilder(v).minVersion((short) 0).build();
      }
      keys.add(v);
    }
    return new ApiVersionsResponseBuilder(response).apiKeys(keys).build();
  }
}
