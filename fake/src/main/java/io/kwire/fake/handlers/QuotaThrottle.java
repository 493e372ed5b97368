package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.security.ClientQuotas;
import io.kwire.fake.security.QuotaRates;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import java.util.ArrayList;
import java.util.List;

/**
 * Produce and fetch byte-rate quotas ({@code producer_byte_rate}, {@code consumer_byte_rate}) as
 * Kafka's quota managers apply them: the bytes of each request's records (Kafka counts the whole
 * request; the records are nearly all of it) or of each response's records recorded against the
 * quota that applies to the client's user and client id, and the throttle time that calls for
 * returned in the response's {@code throttle_time_ms}, which clients honour by waiting before
 * their next request to the broker (KIP-219). The broker does not mute the connection itself.
 */
public final class QuotaThrottle {
  private QuotaThrottle() {}

  /** The APIs with Produce and Fetch throttled. */
  public static List<FakeApi<?, ?>> enforce(List<FakeApi<?, ?>> apis, ClientQuotas quotas, ClusterClock clock) {
    QuotaRates produced = new QuotaRates();
    QuotaRates fetched = new QuotaRates();
    List<FakeApi<?, ?>> out = new ArrayList<>();
    for (FakeApi<?, ?> api : apis) {
      Class<?> type = api.requestCodec().messageType();
      if (type == ProduceRequest.class) {
        out.add(produce(cast(api), quotas, produced, clock));
      } else if (type == FetchRequest.class) {
        out.add(fetch(cast(api), quotas, fetched, clock));
      } else {
        out.add(api);
      }
    }
    return List.copyOf(out);
  }

  @SuppressWarnings("unchecked")
  private static <Q, R> FakeApi<Q, R> cast(FakeApi<?, ?> api) {
    return (FakeApi<Q, R>) api;
  }

  private static FakeApi<ProduceRequest, ProduceResponse> produce(FakeApi<ProduceRequest, ProduceResponse> api,
      ClientQuotas quotas, QuotaRates rates, ClusterClock clock) {
    ApiHandler<ProduceRequest, ProduceResponse> handler = api.handler();
    return new FakeApi<>(api.requestCodec(), api.responseCodec(), api.versions(), (request, context) -> {
      long bytes = 0;
      for (ProduceRequest.TopicProduceData t : request.topicData()) {
        for (ProduceRequest.PartitionProduceData p : t.partitionData()) {
          bytes += p.records() == null ? 0 : p.records().sizeInBytes();
        }
      }
      long recorded = bytes;
      return handler.handle(request, context).thenApply(response -> {
        long throttle = throttleMs(quotas, rates, clock, context, "producer_byte_rate", recorded);
        return throttle == 0 || context.apiVersion() < 1 ? response
            : new ProduceResponseBuilder(response).throttleTimeMs(clamp(throttle)).build();
      });
    });
  }

  private static FakeApi<FetchRequest, FetchResponse> fetch(FakeApi<FetchRequest, FetchResponse> api,
      ClientQuotas quotas, QuotaRates rates, ClusterClock clock) {
    ApiHandler<FetchRequest, FetchResponse> handler = api.handler();
    return new FakeApi<>(api.requestCodec(), api.responseCodec(), api.versions(), (request, context) ->
        handler.handle(request, context).thenApply(response -> {
          long bytes = 0;
          for (FetchResponse.FetchableTopicResponse t : response.responses()) {
            for (FetchResponse.PartitionData p : t.partitions()) {
              bytes += p.records() == null ? 0 : p.records().sizeInBytes();
            }
          }
          long throttle = throttleMs(quotas, rates, clock, context, "consumer_byte_rate", bytes);
          return throttle == 0 || context.apiVersion() < 1 ? response
              : new FetchResponseBuilder(response).throttleTimeMs(clamp(throttle)).build();
        }));
  }

  private static long throttleMs(ClientQuotas quotas, QuotaRates rates, ClusterClock clock, RequestContext context,
      String key, long bytes) {
    String principal = context.principal();
    String user = principal.substring(principal.indexOf(':') + 1);
    String clientId = context.clientId() == null ? "" : context.clientId();
    ClientQuotas.Applied quota = quotas.applied(user, clientId, key);
    return quota == null ? 0 : rates.recordAndThrottleMs(quota.rateKey(), bytes, quota.bound(), clock.nowMs());
  }

  private static int clamp(long ms) {
    return (int) Math.min(ms, Integer.MAX_VALUE);
  }
}
