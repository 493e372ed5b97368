package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseBuilder;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.net.sasl.SaslClientOptions;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.sasl.SaslUserStore;
import io.kwire.proxy.filter.Filter;
import io.kwire.proxy.filter.RequestResult;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.Records;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bridge mode against a stand-in Kafka 4.x broker: the proxy asks the broker's ApiVersions before
 * reading the client, translates removed versions, answers what it can itself, and keeps each
 * connection's responses in request order. The bridge is a stage before the filters: they see what
 * it sends upstream.
 */
class BridgeModeTest {
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());
  /** What the broker received, as "api vN #correlationId". */
  private final List<String> received = Collections.synchronizedList(new ArrayList<>());
  private FakeBroker broker;
  private KwireProxy bridge;

  /** A 4.x broker: Produce advertised from 0 but accepted from 3, Fetch from 4. Metadata is answered late. */
  private void script(int connection, byte[] request, OutputStream out) throws IOException {
    RawRequestFrame peek = Frames.peekRequest(request);
    int id = peek.correlationId();
    received.add(peek.apiKey() + " v" + peek.apiVersion() + " #" + id);
    switch (peek.apiKey()) {
      case 18 -> out.write(Wire.response(ApiVersionsResponseCodec.INSTANCE, peek.apiVersion(), id, kafka4()));
      case 3 -> {
        sleep(300); // the bridge's own answers to later requests must wait for this one
        out.write(Wire.response(MetadataResponseCodec.INSTANCE, peek.apiVersion(), id, new MetadataResponseBuilder()
            .brokers(List.of(new MetadataResponseBuilder.MetadataResponseBrokerBuilder().nodeId(1).host("kafka.internal")
                .port(9092).build())).build()));
      }
      case 0 -> {
        ProduceRequest produce = Frames.decodeRequest(request, ProduceRequestCodec.INSTANCE).body();
        RecordBatch batch = produce.topicData().get(0).partitionData().get(0).records().batches().iterator().next();
        received.add("magic " + batch.magic());
        out.write(Wire.response(ProduceResponseCodec.INSTANCE, peek.apiVersion(), id, new ProduceResponseBuilder()
            .responses(List.of(new ProduceResponseBuilder.TopicProduceResponseBuilder().name("t").partitionResponses(
                List.of(new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(0).baseOffset(42L).build()))
                .build())).build()));
      }
      default -> throw new IOException("not scripted: api " + peek.apiKey());
    }
  }

  private static ApiVersionsResponse kafka4() {
    List<ApiVersionsResponse.ApiVersion> keys = List.of(Wire.api(0, 0, 13), Wire.api(1, 4, 18), Wire.api(3, 0, 13),
        Wire.api(17, 0, 1), Wire.api(18, 0, 4), Wire.api(36, 0, 2));
    return new ApiVersionsResponseBuilder().apiKeys(keys).build();
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @BeforeEach
  void start() throws IOException {
    broker = new FakeBroker(this::script);
    bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withBridge(true).withLog(log::add).withEvents(line -> { }));
  }

  @AfterEach
  void stop() throws IOException {
    if (bridge != null) {
      bridge.close();
    }
    broker.close();
  }

  @Test
  void aLocalAnswerWaitsBehindAnUpstreamResponseStillOutstanding() throws Exception {
    byte[] apiVersions99 = Wire.apiVersionsRequest(2);
    apiVersions99[4 + 3] = 99; // the version's low byte: a version neither kwire nor the broker knows
    try (Socket client = Wire.connect(bridge.localAddress())) {
      MetadataRequest metadata = new MetadataRequestBuilder().topics(List.of()).build();
      OutputStream out = client.getOutputStream();
      out.write(Wire.request(MetadataRequestCodec.INSTANCE, (short) 0, 1, metadata));
      out.write(apiVersions99);
      out.flush();
      byte[] first = Wire.readFrame(client);
      byte[] second = Wire.readFrame(client);
      MetadataResponse m = Frames.decodeResponse(first, MetadataResponseCodec.INSTANCE, (short) 0).body();
      assertEquals(1, Frames.peekResponse(first).correlationId(), "the upstream answer first, as requested");
      assertEquals(bridge.localAddress().getPort(), m.brokers().get(0).port(), "broker addresses are the bridge's");
      assertEquals(2, Frames.peekResponse(second).correlationId());
      ApiVersionsResponse fallback = Frames.decodeResponse(second, ApiVersionsResponseCodec.INSTANCE, (short) 0).body();
      assertEquals(35, fallback.errorCode(), "UNSUPPORTED_VERSION in the version 0 fallback");
    }
    assertEquals(List.of("18 v0 #-1", "3 v0 #1"), received, "the bridge's ApiVersions first; the fallback is local");
    assertEquals(1L, bridge.stats().translated().get("ApiVersions v99 local"), bridge.stats().summary());
  }

  @Test
  void anOldProduceIsTranslatedAndAnsweredAtTheClientsVersion() throws Exception {
    Records set = LegacyRecordsBuilder.create((byte) 1, 0).compression(Compression.NONE)
        .append(1_600_000_000_000L, null, "v".getBytes(StandardCharsets.UTF_8)).build();
    ProduceRequest produce = new ProduceRequestBuilder().acks((short) 1).timeoutMs(1000).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("t").partitionData(List.of(
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(set).build())).build())).build();
    try (Socket client = Wire.connect(bridge.localAddress())) {
      client.getOutputStream().write(Wire.request(ProduceRequestCodec.INSTANCE, (short) 2, 7, produce));
      ProduceResponse r = Frames.decodeResponse(Wire.readFrame(client), ProduceResponseCodec.INSTANCE, (short) 2).body();
      assertEquals(42L, r.responses().get(0).partitionResponses().get(0).baseOffset(), "the broker's base offset");
      // the client's ApiVersions is widened: Fetch offered from 0, though the broker starts at 4
      client.getOutputStream().write(Wire.apiVersionsRequest(8));
      ApiVersionsResponse v = Frames.decodeResponse(Wire.readFrame(client), ApiVersionsResponseCodec.INSTANCE, (short) 3)
          .body();
      assertEquals(0, v.apiKeys().stream().filter(a -> a.apiKey() == 1).findFirst().orElseThrow().minVersion());
    }
    assertEquals(List.of("18 v0 #-1", "0 v3 #7", "magic 2", "18 v3 #8"), received, "same correlation id, version 3");
    assertEquals(1L, bridge.stats().translated().get("Produce v2 -> v3"), bridge.stats().summary());
    // translated frames are decoded and re-encoded: the summary's "frames recoded" counts them
    assertEquals(1L, bridge.stats().recoded().get("request Produce"), bridge.stats().summary());
    assertEquals(1L, bridge.stats().recoded().get("response Produce"), bridge.stats().summary());
    bridge.close(); // the log is written by a thread of its own: closing waits until it is all out
    bridge = null;
    assertTrue(log.stream().anyMatch(l -> l.contains("\"direction\":\"bridge\"") && l.contains("\"upstreamVersion\":3")),
        String.join("\n", log));
  }

  private static ProduceRequest oldProduce() {
    Records set = LegacyRecordsBuilder.create((byte) 1, 0).compression(Compression.NONE)
        .append(1_600_000_000_000L, null, "v".getBytes(StandardCharsets.UTF_8)).build();
    return new ProduceRequestBuilder().acks((short) 1).timeoutMs(1000).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("t").partitionData(List.of(
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(set).build())).build())).build();
  }

  /** The bridge again, with {@code filter} as the user's filter. */
  private void restartWith(Filter filter) throws IOException {
    bridge.close();
    bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withBridge(true).withLog(log::add).withEvents(line -> { }).withFilter(filter));
  }

  @Test
  void aFilterSeesTheTranslatedRequestAndItsResponseBeforeTheyAreTranslatedBack() throws Exception {
    List<String> seen = Collections.synchronizedList(new ArrayList<>());
    restartWith(registry -> {
      registry.onRequest(ProduceRequest.class, (request, context) -> {
        RecordBatch batch = request.topicData().get(0).partitionData().get(0).records().batches().iterator().next();
        seen.add("request v" + context.apiVersion() + " #" + context.correlationId() + " magic " + batch.magic());
        return RequestResult.forward(request);
      });
      registry.onResponse(ProduceResponse.class, (response, context) -> {
        seen.add("response v" + context.apiVersion() + " base offset "
            + response.responses().get(0).partitionResponses().get(0).baseOffset());
        return CompletableFuture.completedStage(response);
      });
    });
    try (Socket client = Wire.connect(bridge.localAddress())) {
      client.getOutputStream().write(Wire.request(ProduceRequestCodec.INSTANCE, (short) 2, 7, oldProduce()));
      ProduceResponse r = Frames.decodeResponse(Wire.readFrame(client), ProduceResponseCodec.INSTANCE, (short) 2).body();
      assertEquals(42L, r.responses().get(0).partitionResponses().get(0).baseOffset(), "the broker's base offset");
    }
    assertEquals(List.of("request v3 #7 magic 2", "response v3 base offset 42"), seen,
        "the filter sees Produce v3 with a record batch, as the broker does");
    assertEquals(List.of("18 v0 #-1", "0 v3 #7", "magic 2"), received);
    assertEquals(1L, bridge.stats().translated().get("Produce v2 -> v3"), bridge.stats().summary());
  }

  @Test
  void aFiltersRefusalOfATranslatedRequestReachesTheClientAtItsVersion() throws Exception {
    short topicAuthorizationFailed = 29;
    restartWith(registry -> registry.onRequest(ProduceRequest.class,
        (request, context) -> RequestResult.refuse(topicAuthorizationFailed)));
    try (Socket client = Wire.connect(bridge.localAddress())) {
      client.getOutputStream().write(Wire.request(ProduceRequestCodec.INSTANCE, (short) 2, 7, oldProduce()));
      byte[] frame = Wire.readFrame(client);
      assertEquals(7, Frames.peekResponse(frame).correlationId());
      ProduceResponse r = Frames.decodeResponse(frame, ProduceResponseCodec.INSTANCE, (short) 2).body();
      assertEquals(topicAuthorizationFailed, r.responses().get(0).partitionResponses().get(0).errorCode());
    }
    assertEquals(List.of("18 v0 #-1"), received, "the refused Produce never reaches the broker");
  }

  @Test
  void withSaslTerminationAnAuthenticatedClientIsBridged() throws Exception {
    bridge.close();
    bridge = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
        .withBridge(true).withEvents(line -> { })
        .withSasl(SaslServerOptions.of(SaslUserStore.builder().plainUser("alice", "alice-secret").build(), "PLAIN")));
    try (KwireClient client = KwireClient.builder().rawFrames()
        .authenticator(SaslClientOptions.plain("alice", "alice-secret").authenticator())
        .connect(bridge.localAddress())) {
      byte[] answer = client.sendFrame(Wire.request(ProduceRequestCodec.INSTANCE, (short) 2, 7, oldProduce()))
          .get(10, TimeUnit.SECONDS);
      ProduceResponse r = Frames.decodeResponse(answer, ProduceResponseCodec.INSTANCE, (short) 2).body();
      assertEquals(42L, r.responses().get(0).partitionResponses().get(0).baseOffset(), "the broker's base offset");
    }
    // The broker answers only ApiVersions, Metadata and Produce (the script throws on the rest): the
    // client's SaslHandshake and SaslAuthenticate ended at the proxy.
    assertEquals("18 v0 #-1", received.get(0), "the bridge's ApiVersions first: " + received);
    assertTrue(received.containsAll(List.of("0 v3 #7", "magic 2")), received.toString());
    assertTrue(received.stream().noneMatch(r -> r.startsWith("17 ") || r.startsWith("36 ")), received.toString());
    assertEquals(1L, bridge.stats().translated().get("Produce v2 -> v3"), bridge.stats().summary());
  }
}
