package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.proxy.filters.FaultFilter;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The admin listener: the metrics of real traffic in Prometheus' text format, liveness and readiness. */
class ProxyAdminTest {
  private record Reply(int status, String body) {}

  private static Reply get(ProxyAdmin admin, String path) throws IOException {
    HttpURLConnection http = (HttpURLConnection) URI.create("http://127.0.0.1:" + admin.localAddress().getPort() + path)
        .toURL().openConnection();
    int status = http.getResponseCode();
    byte[] body = (status < 400 ? http.getInputStream() : http.getErrorStream()).readAllBytes();
    return new Reply(status, new String(body, StandardCharsets.UTF_8));
  }

  /** The lines of {@code metrics} starting with {@code prefix}. */
  private static List<String> lines(String metrics, String prefix) {
    return Arrays.stream(metrics.split("\n")).filter(l -> l.startsWith(prefix)).collect(Collectors.toList());
  }

  @Test
  void metricsOfTheTrafficAndReadiness() throws Exception {
    FakeBroker.Answer apiVersions = (connection, request, out) ->
        out.write(Wire.apiVersionsResponse(Wire.correlationId(request), List.of(Wire.api(18, 0, 4))));
    FakeBroker broker = new FakeBroker(apiVersions);
    byte[] listOffsets = Wire.request(ListOffsetsRequestCodec.INSTANCE, (short) 9, 2, new ListOffsetsRequestBuilder()
        .topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name("t").partitions(List.of(
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).build())).build())).build());
    byte[] versions = Wire.apiVersionsRequest(1);
    try (KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withFilter(new FaultFilter("api=ListOffsets,do=error:NOT_LEADER_OR_FOLLOWER")).withEvents(line -> { }));
        ProxyAdmin admin = ProxyAdmin.start(proxy, new InetSocketAddress("127.0.0.1", 0));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(versions);
      byte[] answer = Wire.readFrame(client);
      client.getOutputStream().write(listOffsets);
      byte[] refusal = Wire.readFrame(client);

      Reply metrics = get(admin, "/metrics");
      assertEquals(200, metrics.status());
      String m = metrics.body();
      assertEquals(List.of("kwire_proxy_requests_total{api=\"ApiVersions\",version=\"3\"} 1.0"),
          lines(m, "kwire_proxy_requests_total{api=\"ApiVersions\""));
      assertEquals(List.of("kwire_proxy_requests_total{api=\"ListOffsets\",version=\"9\"} 1.0"),
          lines(m, "kwire_proxy_requests_total{api=\"ListOffsets\""));
      assertEquals(List.of("kwire_proxy_request_latency_seconds_count{api=\"ApiVersions\",version=\"3\"} 1",
          "kwire_proxy_request_latency_seconds_count{api=\"ListOffsets\",version=\"9\"} 0"),
          lines(m, "kwire_proxy_request_latency_seconds_count"), "only the forwarded request has a latency");
      assertEquals(List.of("kwire_proxy_errors_total{api=\"ListOffsets\",code=\"6\"} 1.0"),
          lines(m, "kwire_proxy_errors_total{"));
      assertEquals(List.of(), lines(m, "kwire_proxy_broker_errors_total{"), "the broker answered without an error");
      assertEquals(List.of("kwire_proxy_filter_outcomes_total{filter=\"FaultFilter\",outcome=\"answered\"} 0.0",
          "kwire_proxy_filter_outcomes_total{filter=\"FaultFilter\",outcome=\"failed\"} 0.0",
          "kwire_proxy_filter_outcomes_total{filter=\"FaultFilter\",outcome=\"forwarded\"} 0.0",
          "kwire_proxy_filter_outcomes_total{filter=\"FaultFilter\",outcome=\"refused\"} 1.0"),
          lines(m, "kwire_proxy_filter_outcomes_total{filter=\"FaultFilter\""));
      assertEquals(List.of("kwire_proxy_client_software_total{name=\"kwire-test\",version=\"1\"} 1.0"),
          lines(m, "kwire_proxy_client_software_total{"));
      assertEquals(List.of("kwire_proxy_bytes_total{direction=\"broker_to_proxy\"} " + (double) answer.length,
          "kwire_proxy_bytes_total{direction=\"client_to_proxy\"} " + (double) (versions.length + listOffsets.length),
          "kwire_proxy_bytes_total{direction=\"proxy_to_broker\"} " + (double) versions.length,
          "kwire_proxy_bytes_total{direction=\"proxy_to_client\"} " + (double) (answer.length + refusal.length)),
          lines(m, "kwire_proxy_bytes_total{"));
      assertEquals(List.of("kwire_proxy_client_connections 1.0"), lines(m, "kwire_proxy_client_connections "));
      assertEquals(List.of("kwire_proxy_upstream_connections{node=\"bootstrap\"} 1.0"),
          lines(m, "kwire_proxy_upstream_connections{"));
      assertEquals(List.of("kwire_proxy_buffered_frame_bytes_limit " + (double) proxyBound()),
          lines(m, "kwire_proxy_buffered_frame_bytes_limit "));

      assertEquals(new Reply(200, "ok\n"), get(admin, "/livez"));
      assertEquals(new Reply(200, "ready\n"), get(admin, "/readyz"));
      assertEquals(404, get(admin, "/nothing").status());
      broker.close();
      Reply[] notReady = new Reply[1];
      Wire.awaitTrue(() -> { // the broker's port refuses from its close on; polled, not slept on
        try {
          notReady[0] = get(admin, "/readyz");
          return notReady[0].status() == 503;
        } catch (IOException e) {
          return false;
        }
      });
      assertTrue(notReady[0].body().startsWith("not ready: no upstream accepts a connection (127.0.0.1:"),
          notReady[0].body());
    } finally {
      broker.close();
    }
  }

  private static long proxyBound() {
    return ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), new InetSocketAddress("127.0.0.1", 1))
        .maxBufferedFrameBytes();
  }

  @Test
  void postReloadCallsTheReloadAndSaysWhyNot() throws Exception {
    java.util.concurrent.atomic.AtomicReference<String> outcome = new java.util.concurrent.atomic.AtomicReference<>();
    try (FakeBroker broker = new FakeBroker((c, r, out) -> { });
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        ProxyAdmin admin = ProxyAdmin.start(proxy, new InetSocketAddress("127.0.0.1", 0), outcome::get)) {
      assertEquals(new Reply(200, "reloaded\n"), post(admin, "/reload"));
      outcome.set("p.yaml:3: check: true or false is expected, not 'maybe'");
      assertEquals(new Reply(409, "not reloaded: p.yaml:3: check: true or false is expected, not 'maybe'\n"),
          post(admin, "/reload"));
      assertEquals(405, get(admin, "/reload").status());
    }
  }

  private static Reply post(ProxyAdmin admin, String path) throws IOException {
    HttpURLConnection http = (HttpURLConnection) URI.create("http://127.0.0.1:" + admin.localAddress().getPort() + path)
        .toURL().openConnection();
    http.setRequestMethod("POST");
    int status = http.getResponseCode();
    byte[] body = (status < 400 ? http.getInputStream() : http.getErrorStream()).readAllBytes();
    return new Reply(status, new String(body, StandardCharsets.UTF_8));
  }
}
