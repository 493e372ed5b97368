package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.MetadataRequestCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the proxy changes and what it leaves alone, against a stand-in broker that answers from a script. */
class ProxyRecodingTest {
  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;
  private final List<String> events = Collections.synchronizedList(new ArrayList<>());
  private final List<String> log = Collections.synchronizedList(new ArrayList<>());

  private static final MetadataResponse METADATA = new MetadataResponse(0,
      List.of(new MetadataResponse.MetadataResponseBroker(1, "broker-1.internal", 9999, "rack-a", NONE),
          new MetadataResponse.MetadataResponseBroker(2, "broker-2.internal", 9998, null, NONE)),
      "cluster", 1, List.of(), Integer.MIN_VALUE, (short) 0, NONE);

  /** Answers Metadata, FindCoordinator (v3 top level, v6 list) and ApiVersions; echoes unknown APIs raw. */
  /** KIP-951: the partition's leader moved to broker 2, whose address comes along. */
  private static final ProduceResponse NOT_LEADER = new ProduceResponseBuilder()
      .responses(List.of(new ProduceResponseBuilder.TopicProduceResponseBuilder().name("t")
          .partitionResponses(List.of(new ProduceResponseBuilder.PartitionProduceResponseBuilder().errorCode((short) 6)
              .currentLeader(new ProduceResponseBuilder.LeaderIdAndEpochBuilder().leaderId(2).leaderEpoch(3).build())
              .build()))
          .build()))
      .nodeEndpoints(List.of(new ProduceResponseBuilder.NodeEndpointBuilder().nodeId(2).host("broker-2.internal").port(9999)
          .rack("rack-b").build()))
      .build();

  private static void script(int connection, byte[] request, OutputStream out) throws IOException {
    var peek = Frames.peekRequest(request);
    int id = peek.correlationId();
    switch (peek.apiKey()) {
      case 0 -> out.write(Wire.response(ProduceResponseCodec.INSTANCE, peek.apiVersion(), id, NOT_LEADER));
      case 3 -> out.write(Wire.response(MetadataResponseCodec.INSTANCE, peek.apiVersion(), id, METADATA));
      case 10 -> out.write(Wire.response(FindCoordinatorResponseCodec.INSTANCE, peek.apiVersion(), id,
          peek.apiVersion() < 4 ? new FindCoordinatorResponse(0, (short) 0, null, 1, "broker-1.internal", 9999, List.of(), NONE)
              : new FindCoordinatorResponse(0, (short) 0, null, 0, "", 0,
                  List.of(new FindCoordinatorResponse.Coordinator("g", 1, "broker-1.internal", 9999, (short) 0, null, NONE),
                      new FindCoordinatorResponse.Coordinator("h", -1, "", -1, (short) 15, "not available", NONE)),
                  NONE)));
      case 18 -> out.write(Wire.apiVersionsResponse(id,
          List.of(Wire.api(0, 0, 99), Wire.api(3, 0, 13), Wire.api(18, 0, 4), Wire.api(30_000, 0, 1))));
      default -> out.write(ByteBuffer.allocate(12).putInt(8).putInt(id).putInt(0xC0FFEE).array());
    }
  }

  private KwireProxy start(InetSocketAddress upstream, ProxyConfig extra) {
    return KwireProxy.start(extra.withCheck(true).withEvents(events::add).withLog(log::add));
  }

  private ProxyConfig config(FakeBroker broker) {
    return ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address());
  }

  private static <T> T exchange(KwireProxy proxy, byte[] request, ApiMessageCodec<T> codec, short version)
      throws IOException {
    try (Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(request);
      return Frames.decodeResponse(Wire.readFrame(client), codec, version).body();
    }
  }

  @Test
  void brokerAddressesBecomeTheProxysAndNothingElseChanges() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
        KwireProxy proxy = start(broker.address(), config(broker))) {
      int port = proxy.localAddress().getPort();
      MetadataResponse metadata = exchange(proxy, Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, 5,
          new MetadataRequest(null, false, false, false, NONE)), MetadataResponseCodec.INSTANCE, (short) 12);
      assertEquals(List.of(new MetadataResponse.MetadataResponseBroker(1, "127.0.0.1", port, "rack-a", NONE),
          new MetadataResponse.MetadataResponseBroker(2, "127.0.0.1", port, null, NONE)), metadata.brokers());
      assertEquals("cluster", metadata.clusterId());

      FindCoordinatorResponse v3 = exchange(proxy, Wire.request(FindCoordinatorRequestCodec.INSTANCE, (short) 3, 6,
          new FindCoordinatorRequest("g", (byte) 0, List.of(), NONE)), FindCoordinatorResponseCodec.INSTANCE, (short) 3);
      assertEquals("127.0.0.1:" + port, v3.host() + ":" + v3.port());
      FindCoordinatorResponse v6 = exchange(proxy, Wire.request(FindCoordinatorRequestCodec.INSTANCE, (short) 6, 7,
          new FindCoordinatorRequest("", (byte) 0, List.of("g", "h"), NONE)), FindCoordinatorResponseCodec.INSTANCE,
          (short) 6);
      assertEquals("127.0.0.1:" + port, v6.coordinators().get(0).host() + ":" + v6.coordinators().get(0).port());
      assertEquals(":-1", v6.coordinators().get(1).host() + ":" + v6.coordinators().get(1).port(),
          "an error's empty address stays");
      assertEquals(0, proxy.stats().differences());
      assertEquals(List.of(), events);
    }
  }

  @Test
  void aNewLeadersNodeEndpointBecomesTheProxysSoTheClientStaysOnIt() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
        KwireProxy proxy = start(broker.address(), config(broker))) {
      int port = proxy.localAddress().getPort();
      ProduceResponse answer = exchange(proxy, Wire.request(ProduceRequestCodec.INSTANCE, (short) 12, 7,
          new ProduceRequestBuilder().acks((short) 1).timeoutMs(1000).build()), ProduceResponseCodec.INSTANCE, (short) 12);
      assertEquals(List.of(new ProduceResponseBuilder.NodeEndpointBuilder().nodeId(2).host("127.0.0.1").port(port)
          .rack("rack-b").build()), answer.nodeEndpoints());
      assertEquals(NOT_LEADER.responses(), answer.responses(), "the partitions, currentLeader's id included, are as sent");
      assertEquals(0, proxy.stats().differences());
      assertEquals(List.of(), events);
    }
  }

  @Test
  void advertiseNamesTheAddressWrittenIntoResponses() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
        KwireProxy proxy = start(broker.address(),
            config(broker).withAdvertise(InetSocketAddress.createUnresolved("proxy.example", 19092)))) {
      MetadataResponse metadata = exchange(proxy, Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, 5,
          new MetadataRequest(null, false, false, false, NONE)), MetadataResponseCodec.INSTANCE, (short) 12);
      assertEquals("proxy.example:19092", metadata.brokers().get(0).host() + ":" + metadata.brokers().get(0).port());
    }
  }

  @Test
  void capVersionsOffersOnlyWhatKwireDecodes() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
        KwireProxy capped = start(broker.address(), config(broker).withCapVersions(true));
        KwireProxy plain = start(broker.address(), config(broker))) {
      ApiVersionsResponse cut = exchange(capped, Wire.apiVersionsRequest(1), ApiVersionsResponseCodec.INSTANCE, (short) 3);
      short produceMax = KwireRegistry.standard().request(0).descriptor().validVersions().highest();
      assertEquals(List.of(Wire.api(0, 0, produceMax), Wire.api(3, 0, 13), Wire.api(18, 0, 4)), cut.apiKeys());
      ApiVersionsResponse whole = exchange(plain, Wire.apiVersionsRequest(1), ApiVersionsResponseCodec.INSTANCE, (short) 3);
      assertEquals(4, whole.apiKeys().size());
    }
  }

  @Test
  void apisKwireLacksPassRawBothWaysAndAreCounted() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
        KwireProxy proxy = start(broker.address(), config(broker));
        Socket client = Wire.connect(proxy.localAddress())) {
      byte[] unknown = ByteBuffer.allocate(16).putInt(12).putShort((short) 30_000).putShort((short) 0).putInt(42)
          .putInt(7).array();
      client.getOutputStream().write(unknown);
      assertArrayEquals(ByteBuffer.allocate(12).putInt(8).putInt(42).putInt(0xC0FFEE).array(), Wire.readFrame(client));
      assertEquals(1L, proxy.stats().raw().get("request unknown api"));
      assertEquals(1L, proxy.stats().raw().get("response unknown api"));
      assertEquals(0, proxy.stats().recodedTotal());
    }
  }

  @Test
  void pipelinedRequestsComeBackInOrder() throws Exception {
    try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
        KwireProxy proxy = start(broker.address(), config(broker));
        Socket client = Wire.connect(proxy.localAddress())) {
      OutputStream out = client.getOutputStream();
      for (int id = 0; id < 200; id++) {
        out.write(id % 2 == 0 ? Wire.apiVersionsRequest(id) : Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, id,
            new MetadataRequest(List.of(), false, false, false, NONE)));
      }
      out.flush();
      for (int id = 0; id < 200; id++) {
        assertEquals(id, ByteBuffer.wrap(Wire.readFrame(client), 4, 4).getInt());
      }
      assertEquals(100L, proxy.stats().recoded().get("response Metadata"));
      assertEquals(100L, proxy.stats().recoded().get("request ApiVersions"));
      assertEquals(0, proxy.stats().differences());
    }
  }

  @Test
  void theLogHasOneJsonLinePerMessageWithConfigSecretsRedacted() throws Exception {
    CreateTopicsRequest create = new CreateTopicsRequest(List.of(new CreateTopicsRequest.CreatableTopic("t", 1, (short) 1,
        List.of(), List.of(new CreateTopicsRequest.CreatableTopicConfig("sasl.jaas.config", "hunter2-jaas", NONE),
            new CreateTopicsRequest.CreatableTopicConfig("ssl.key.password", "hunter2-key", NONE),
            new CreateTopicsRequest.CreatableTopicConfig("retention.ms", "1000", NONE)), NONE)), 1000, false, NONE);
    for (boolean redact : new boolean[] {true, false}) {
      log.clear();
      try (FakeBroker broker = new FakeBroker(ProxyRecodingTest::script);
          KwireProxy proxy = start(broker.address(), config(broker).withRedactSecrets(redact));
          Socket client = Wire.connect(proxy.localAddress())) {
        client.getOutputStream().write(Wire.request(CreateTopicsRequestCodec.INSTANCE, (short) 7, 9, create));
        Wire.readFrame(client); // the stand-in's answer to an API it does not script: raw bytes
      }
      assertEquals(1, log.size(), log.toString());
      String line = log.get(0);
      assertTrue(line.contains("\"direction\":\"request\",\"api\":\"CreateTopics\",\"apiKey\":19,\"version\":7,"
          + "\"correlationId\":9,\"clientId\":\"proxy-test\",\"message\":{\"topics\":[{\"name\":\"t\""), line);
      assertTrue(line.contains("{\"name\":\"retention.ms\",\"value\":\"1000\"}"), line);
      assertEquals(!redact, line.contains("hunter2"), line);
      if (redact) {
        assertTrue(line.contains("{\"name\":\"sasl.jaas.config\",\"value\":\"<redacted>\"}"), line);
      }
      assertFalse(line.contains("\n"));
    }
  }

  @Test
  void aFrameThatDoesNotDecodeGoesOnAsItCameCountedAndLogged() throws Exception {
    List<byte[]> received = Collections.synchronizedList(new ArrayList<>());
    FakeBroker.Answer recording = (connection, request, out) -> {
      received.add(request);
      script(connection, request, out);
    };
    try (FakeBroker broker = new FakeBroker(recording);
        KwireProxy proxy = start(broker.address(), config(broker));
        Socket client = Wire.connect(proxy.localAddress())) {
      byte[] valid = Wire.request(MetadataRequestCodec.INSTANCE, (short) 12, 3,
          new MetadataRequest(List.of(), false, false, false, NONE));
      // The same header with one body byte too many: Metadata v12 the proxy claims, but not a valid one.
      byte[] bad = ByteBuffer.allocate(valid.length + 1).putInt(valid.length - 3).put(valid, 4, valid.length - 4)
          .put((byte) 0).array();
      client.getOutputStream().write(bad);
      MetadataResponse answer = Frames.decodeResponse(Wire.readFrame(client), MetadataResponseCodec.INSTANCE,
          (short) 12).body();
      assertEquals("127.0.0.1", answer.brokers().get(0).host(), "the response still decodes and is rewritten");
      assertArrayEquals(bad, received.get(0), "the broker got the original bytes");
      assertEquals(1, proxy.stats().decodeFailures());
      assertTrue(events.stream().anyMatch(e -> e.contains("MetadataRequest v12 correlation id 3 did not decode")),
          events.toString());
    }
  }

  @Test
  void anApiVersionsAnswerAtV0ToAVersionTheBrokerLacksIsRead() throws Exception {
    byte[] fallback = Wire.response(ApiVersionsResponseCodec.INSTANCE, (short) 0, 11, new ApiVersionsResponse((short) 35,
        List.of(Wire.api(18, 0, 2)), 0, List.of(), -1L, List.of(), false, NONE));
    try (FakeBroker broker = new FakeBroker((connection, request, out) -> out.write(fallback));
        KwireProxy proxy = start(broker.address(), config(broker));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(Wire.apiVersionsRequest(11));
      assertArrayEquals(fallback, Wire.readFrame(client));
      assertEquals(0, proxy.stats().decodeFailures());
      assertEquals(1L, proxy.stats().recoded().get("response ApiVersions"));
    }
  }
}
