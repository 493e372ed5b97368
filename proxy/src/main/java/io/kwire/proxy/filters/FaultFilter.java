package io.kwire.proxy.filters;

import io.kwire.messages.MetadataResponse;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.FilterContext;
import io.kwire.proxy.filter.FilterRegistry;
import io.kwire.proxy.filter.RequestFilter;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.proxy.filter.ResponseFilter;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code --filter faults:RULE}: injects a fault into the requests a {@link FaultRule} matches, to see
 * what clients make of it: an error in the response shape a broker gives for that API (kwire-messages'
 * {@code ErrorResponses}), a delay, a dropped connection, a response lost after the broker acted on
 * the request, or a black hole. Only the API the rule names is decoded (every API when it names
 * none). Several faults are several {@code --filter faults:...}. The rule's counts are the proxy's,
 * not a connection's: {@code times=1} fires once in all.
 */
public final class FaultFilter implements Filter {
  /** What a dropped connection or a lost response fails its stage with: the proxy's event line names it. */
  static final class InjectedFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InjectedFault(String what) {
      super("fault injected: " + what, null, false, false);
    }
  }

  private final FaultRule rule;
  /** Topic ids by name, learnt from Metadata responses, for a {@code topic=} rule on requests naming ids. */
  private final Map<UUID, String> topicNames = new ConcurrentHashMap<>();
  private static final int MAX_TOPIC_NAMES = 100_000;

  public FaultFilter(String config) {
    this.rule = FaultRule.parse(config);
  }

  /** How many times the fault fired, across all connections. */
  public long fired() {
    return rule.state().fired();
  }

  @Override
  public void register(FilterRegistry registry) {
    Set<Integer> losing = new HashSet<>(); // this connection's requests whose response is to be lost
    RequestFilter<Object> onRequest = (request, context) -> decide(request, context, losing);
    ResponseFilter<Object> onResponse = (response, context) -> losing.remove(context.correlationId())
        ? CompletableFuture.failedStage(new InjectedFault("response to correlation id " + context.correlationId()
            + " lost after the broker acted on the request"))
        : CompletableFuture.completedStage(response);
    boolean loses = rule.action() instanceof FaultRule.Action.LoseResponse;
    if (rule.api() < 0) {
      registry.onAnyRequest(onRequest);
      if (loses) {
        registry.onAnyResponse(onResponse);
      }
    } else {
      ApiMessageCodec<?> request = KwireRegistry.standard().findRequest(rule.api()).orElseThrow();
      register(registry, request.messageType(), onRequest);
      if (loses) {
        registerResponse(registry, KwireRegistry.standard().response(rule.api()).messageType(), onResponse);
      }
    }
    if (rule.needsTopics()) {
      registry.onResponse(MetadataResponse.class, (response, context) -> {
        for (MetadataResponse.MetadataResponseTopic t : response.topics()) {
          if (t.topicId() != null && t.name() != null && topicNames.size() < MAX_TOPIC_NAMES) {
            topicNames.put(t.topicId(), t.name());
          }
        }
        return CompletableFuture.completedStage(response);
      });
    }
  }

  @SuppressWarnings("unchecked")
  private static <Q> void register(FilterRegistry registry, Class<Q> type, RequestFilter<Object> filter) {
    registry.onRequest(type, (RequestFilter<Q>) (RequestFilter<?>) filter);
  }

  @SuppressWarnings("unchecked")
  private static <R> void registerResponse(FilterRegistry registry, Class<R> type, ResponseFilter<Object> filter) {
    registry.onResponse(type, (ResponseFilter<R>) (ResponseFilter<?>) filter);
  }

  private CompletionStage<RequestResult<Object>> decide(Object request, FilterContext context, Set<Integer> losing) {
    List<String> topics = rule.topic() == null ? List.of() : RequestNames.topics(request, topicNames::get);
    List<String> groups = rule.group() == null ? List.of() : RequestNames.groups(request);
    if (!rule.matches(context.apiVersion(), context.clientId(), topics, groups) || !rule.fire()) {
      return RequestResult.forward(request);
    }
    FaultRule.Action action = rule.action();
    if (action instanceof FaultRule.Action.Error error) {
      return RequestResult.refuse(error.code());
    }
    if (action instanceof FaultRule.Action.Delay delay) {
      return CompletableFuture.supplyAsync(() -> new RequestResult.Forward<>(request),
          CompletableFuture.delayedExecutor(delay.millis(), TimeUnit.MILLISECONDS));
    }
    if (action instanceof FaultRule.Action.Disconnect) {
      return CompletableFuture.failedStage(new InjectedFault("connection dropped at correlation id "
          + context.correlationId()));
    }
    if (action instanceof FaultRule.Action.LoseResponse) {
      losing.add(context.correlationId());
      return RequestResult.forward(request);
    }
    return new CompletableFuture<>(); // black hole: never decided
  }
}
