package io.kwire.e2e.bridge;

import io.kwire.net.KwireClient;
import io.kwire.net.KwireConnectionException;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One kwire-net connection to the broker (or the bridge), requests named by api key and version. */
final class BrokerSocket implements AutoCloseable {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  private final KwireClient client;

  BrokerSocket(InetSocketAddress broker) {
    client = KwireClient.builder().clientId("kwire-bridge-e2e").requestTimeout(Duration.ofSeconds(15)).connect(broker);
  }

  /** Sends and waits for the response; null when the broker closed the connection instead of answering. */
  @SuppressWarnings("unchecked")
  Object call(short apiKey, short version, Object body) throws InterruptedException, ExecutionException,
      TimeoutException {
    ApiMessageCodec<Object> request = (ApiMessageCodec<Object>) REGISTRY.request(apiKey);
    ApiMessageCodec<Object> response = (ApiMessageCodec<Object>) REGISTRY.response(apiKey);
    try {
      return client.send(request, body, response, version).get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof KwireConnectionException) {
        return null;
      }
      throw e;
    }
  }

  @Override
  public void close() {
    client.close();
  }
}
