package io.kwire.bench.net;

import io.kwire.net.KwireServer;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.Collection;

/**
 * A kwire-net server that lists in ApiVersions the same APIs, at the same versions, as the broker
 * (handlers registered for each, never called in the measurement), so that both servers answer an
 * ApiVersions request with a response of about the same size: the broker's adds its features.
 * It also serves {@link BenchEchoRequest}.
 */
final class BrokerLookalike {
  private static final int API_VERSIONS = 18;

  private BrokerLookalike() {}

  static KwireServer.Builder listing(Collection<BrokerRange> brokerApis) {
    KwireRegistry registry = KwireRegistry.standard();
    KwireServer.Builder builder = KwireServer.builder()
        .handle(BenchEchoRequest.class, BenchEchoResponse.class,
            (request, context) -> new BenchEchoResponse((short) 0, request.text(), UnknownTaggedFields.EMPTY));
    for (BrokerRange api : brokerApis) {
      if (api.apiKey() != API_VERSIONS) {
        registry.findRequest(api.apiKey()).ifPresent(codec -> refuse(builder, codec, registry, api));
      }
    }
    return builder;
  }

  private static <Q> void refuse(KwireServer.Builder builder, ApiMessageCodec<Q> request, KwireRegistry registry,
      BrokerRange api) {
    refuse(builder, request, registry.response(api.apiKey()), api);
  }

  private static <Q, R> void refuse(KwireServer.Builder builder, ApiMessageCodec<Q> request, ApiMessageCodec<R> response,
      BrokerRange api) {
    builder.handle(request.messageType(), response.messageType(), api.versions(), (body, context) -> {
      throw new UnsupportedOperationException("the load harness only lists " + request.descriptor().name());
    });
  }
}
