package io.kwire.fake;

import io.kwire.bridge.BridgeTranslator;
import io.kwire.bridge.RequestTranslation;
import io.kwire.bridge.ResponseTranslation;
import io.kwire.fake.handlers.FakeApi;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.meta.VersionRange;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * The versions Kafka 4.0 removed (KIP-896: Produce 0-2, Fetch 0-3, ListOffsets 0, OffsetCommit
 * 0-1, ...), served as a 3.x broker served them, for the old clients (0.9, 0.10) that send
 * nothing newer: the request is translated to the handler's lowest version and its response back
 * by kwire-bridge's translations (magic 0/1 message sets up to a v2 batch on Produce, v2 batches
 * down to magic 0/1 on Fetch, read committed), the same ones the bridge proxy applies in front of
 * a real 4.x broker. The handlers themselves keep knowing only the versions 4.x answers.
 */
final class OldVersions {
  private final BridgeTranslator translator;

  OldVersions(List<FakeApi<?, ?>> apis, java.util.function.LongSupplier clock) {
    this.translator = new BridgeTranslator(asApiVersions(apis), clock);
  }

  /** The versions to serve: from 0 when the bridge translates the removed ones, else the handler's own. */
  VersionRange served(FakeApi<?, ?> api) {
    short key = api.requestCodec().apiKey();
    return translator.clientMinVersion(key) == 0 ? VersionRange.of(0, api.versions().highest()) : api.versions();
  }

  /**
   * Answers a request of a removed version: the handler ({@code handle}: request, version) answers
   * the translated one. A fetch whose whole answer was filtered out (aborted transactions only) is
   * fetched again from past it, as the bridge does, so that an old consumer moves on.
   */
  CompletionStage<Object> answer(RequestHeader header, Object request,
      BiFunction<Object, Short, CompletionStage<Object>> handle) {
    RequestTranslation translation = translator.translateRequest(header, request);
    if (translation instanceof RequestTranslation.LocalResponse local) {
      // the bridge answers it itself: every partition's message set unreadable (CORRUPT_MESSAGE) or empty
      return CompletableFuture.completedFuture(local.response());
    }
    if (!(translation instanceof RequestTranslation.Translated translated)) {
      // only versions the bridge translates are widened (served), so nothing else arrives here
      return CompletableFuture.failedFuture(new IllegalStateException("no translation of api " + header.requestApiKey()
          + " v" + header.requestApiVersion() + ": " + translation));
    }
    return forward(translated, handle);
  }

  private static CompletionStage<Object> forward(RequestTranslation.Translated translated,
      BiFunction<Object, Short, CompletionStage<Object>> handle) {
    return handle.apply(translated.upstreamRequest(), translated.upstreamHeader().requestApiVersion())
        .thenCompose(response -> {
          ResponseTranslation back = translated.translateResponse(response);
          return back.fetchAgain() == null
              ? CompletableFuture.completedFuture(back.response())
              : forward(back.fetchAgain(), handle);
        });
  }

  /** The handlers' own ranges, as the ApiVersions answer of the broker the bridge would sit in front of. */
  private static ApiVersionsResponse asApiVersions(List<FakeApi<?, ?>> apis) {
    return new ApiVersionsResponseBuilder().apiKeys(apis.stream()
        .map(api -> new ApiVersionsResponseBuilder.ApiVersionBuilder().apiKey(api.requestCodec().apiKey())
            .minVersion(api.versions().lowest()).maxVersion(api.versions().highest()).build())
        .toList()).build();
  }
}
