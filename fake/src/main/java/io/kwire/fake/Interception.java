package io.kwire.fake;

import io.kwire.fake.cluster.ClusterThread;
import io.kwire.fake.handlers.FakeApi;
import io.kwire.net.Connection;
import io.kwire.net.RequestContext;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** Where a test reaches into the brokers' traffic: the installed controls and the recording. */
final class Interception {
  private final Controls controls = new Controls();
  private final Recording recording = new Recording();
  private final Map<Class<?>, FakeApi<?, ?>> byRequest;
  private final Map<Integer, FakeApi<?, ?>> byKey;

  Interception(List<FakeApi<?, ?>> apis) {
    byRequest = apis.stream().collect(Collectors.toMap(a -> a.requestCodec().messageType(), Function.identity()));
    byKey = apis.stream().collect(Collectors.toMap(a -> (int) a.requestCodec().apiKey(), Function.identity()));
  }

  <Q> ControlBuilder<Q> control(Class<Q> requestType) {
    if (!byRequest.containsKey(requestType)) {
      throw new IllegalArgumentException("the fake serves no " + requestType.getName());
    }
    return new ControlBuilder<>(controls, requestType, -1);
  }

  ControlBuilder<Object> control(int apiKey) {
    if (apiKey >= 0 && !byKey.containsKey(apiKey)) {
      throw new IllegalArgumentException("the fake serves no API with key " + apiKey);
    }
    return new ControlBuilder<>(controls, Object.class, apiKey);
  }

  Recording recording() {
    return recording;
  }

  /**
   * A request on its way from the event loop: on the cluster thread, through the controls to
   * {@code broker} (called on the cluster thread, at once or after a control's delay), recorded when
   * it ends.
   */
  <Q, R> CompletionStage<R> handle(FakeApi<Q, R> api, Q request, int nodeId, RequestContext net,
      ClusterThread thread, Supplier<CompletionStage<R>> broker) {
    ControlContext context = new ControlContext(nodeId, connectionId(net.connection()), api.requestCodec().apiKey(),
        net.apiVersion(), net.header().correlationId(), net.header().clientId());
    CompletableFuture<R> answer = thread.call(() -> controls.dispatch(api, request, context, thread, net::noResponse,
        broker));
    return answer.whenComplete((response, failure) -> {
      if (recording.started()) {
        recording.add(new RecordedExchange(context, api.requestCodec(), api.responseCodec(), request,
            failure == null && net.expectsResponse() ? response : null));
      }
    });
  }

  /** Kafka's form: the broker's end, then the client's. */
  private static String connectionId(Connection connection) {
    return address(connection.localAddress()) + "-" + address(connection.remoteAddress());
  }

  private static String address(InetSocketAddress a) {
    return a.getAddress().getHostAddress() + ":" + a.getPort();
  }
}
