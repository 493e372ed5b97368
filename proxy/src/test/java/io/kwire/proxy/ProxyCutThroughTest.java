package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.MetadataResponseBuilder;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.DecodeOptions;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Cut-through forwarding: a response no filter reads (and a Fetch whose node endpoints alone are
 * rewritten, in its tail) reaches the client while the broker is still sending it, byte for byte;
 * an upstream dying mid-response closes the client.
 */
class ProxyCutThroughTest {
  private static final short UNKNOWN_API = 30_000;
  private static final int BIG = 1 << 20;

  /** A request of an API kwire does not know (passed raw), 16 bytes. */
  private static byte[] unknownRequest(int correlationId) {
    return ByteBuffer.allocate(16).putInt(12).putShort(UNKNOWN_API).putShort((short) 0).putInt(correlationId)
        .putInt(0).array();
  }

  /** A Fetch v16 request frame: the header (null client id, no tags) and a body nobody here reads. */
  private static byte[] fetchRequest(int correlationId) {
    return ByteBuffer.allocate(4 + 2 + 2 + 4 + 2 + 1 + 8).putInt(2 + 2 + 4 + 2 + 1 + 8).putShort((short) 1)
        .putShort((short) 16).putInt(correlationId).putShort((short) -1).put((byte) 0).array();
  }

  private static byte[] frame(int correlationId, int size, long seed) {
    byte[] frame = new byte[size];
    new Random(seed).nextBytes(frame);
    ByteBuffer.wrap(frame).putInt(size - 4).putInt(correlationId);
    return frame;
  }

  @Test
  void aLargeResponseReachesTheClientBeforeTheBrokerHasSentAllOfItByteForByte() throws Exception {
    byte[] response = frame(7, BIG, 1);
    CountDownLatch firstPartRead = new CountDownLatch(1);
    FakeBroker.Answer half = (connection, request, out) -> {
      out.write(response, 0, BIG / 2);
      out.flush();
      await(firstPartRead); // the rest only once the client has read some of the first half
      out.write(response, BIG / 2, BIG - BIG / 2);
    };
    try (FakeBroker broker = new FakeBroker(half);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(unknownRequest(7));
      InputStream in = client.getInputStream();
      byte[] first = in.readNBytes(BIG / 4); // times out (10 s) if the proxy waits for the whole frame
      firstPartRead.countDown();
      byte[] rest = in.readNBytes(BIG - BIG / 4);
      byte[] got = new byte[BIG];
      System.arraycopy(first, 0, got, 0, first.length);
      System.arraycopy(rest, 0, got, first.length, rest.length);
      assertArrayEquals(response, got);
    }
  }

  @Test
  void pipelinedResponsesStreamInOrderAndAMetadataResponseIsStillRewritten() throws Exception {
    int n = 12;
    CopyOnWriteArrayList<byte[]> sent = new CopyOnWriteArrayList<>();
    FakeBroker.Answer mixed = (connection, request, out) -> {
      int id = Wire.correlationId(request);
      if (Frames.peekRequest(request).apiKey() == 3) {
        out.write(Wire.response(MetadataResponseCodec.INSTANCE, (short) 12, id, metadata("kafka-1.internal", 9092)));
        return;
      }
      byte[] response = frame(id, 1000 + id * 50_000, id);
      sent.add(response);
      for (int at = 0; at < response.length; at += 7_000) { // in small writes, so the proxy gets pieces
        out.write(response, at, Math.min(7_000, response.length - at));
        out.flush();
      }
    };
    try (FakeBroker broker = new FakeBroker(mixed);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) {
      OutputStream out = client.getOutputStream();
      for (int id = 0; id < n; id++) {
        out.write(id == n / 2 ? Wire.request(io.kwire.messages.MetadataRequestCodec.INSTANCE, (short) 12, id,
            new io.kwire.messages.MetadataRequestBuilder().build()) : unknownRequest(id));
      }
      int streamed = 0;
      for (int id = 0; id < n; id++) {
        byte[] frame = Wire.readFrame(client);
        assertEquals(id, ByteBuffer.wrap(frame, 4, 4).getInt());
        if (id == n / 2) {
          MetadataResponse metadata = Frames.decodeResponse(frame, MetadataResponseCodec.INSTANCE, (short) 12,
              DecodeOptions.STRICT).body();
          assertEquals("127.0.0.1", metadata.brokers().get(0).host());
        } else {
          assertArrayEquals(sent.get(streamed++), frame);
        }
      }
    }
  }

  @Test
  void aFetchResponseStreamsAndItsNodeEndpointsInTheTailAreTheProxys() throws Exception {
    FetchResponse original = fetch(300_000, "kafka-broker-number-one.cluster.internal", 9092);
    FetchResponse got = throughTheProxy(original);
    FetchResponse.NodeEndpoint endpoint = got.nodeEndpoints().get(0);
    assertEquals(1, endpoint.nodeId());
    assertEquals("127.0.0.1", endpoint.host());
    assertEquals("rack-a", endpoint.rack());
    assertRecordsKept(original, got);
    assertEquals(1, got.unknownTaggedFields().size(), "the padding keeping the frame's length");
  }

  @Test
  void nodeEndpointsLongerThanTheBrokersAreLeftOutAndTheFrameKeepsItsLength() throws Exception {
    FetchResponse original = fetch(300_000, "k1", 9092);
    FetchResponse got = throughTheProxy(original);
    assertTrue(got.nodeEndpoints() == null || got.nodeEndpoints().isEmpty(), "endpoints " + got.nodeEndpoints());
    assertEquals(1, got.responses().get(0).partitions().get(0).currentLeader().leaderId());
    assertRecordsKept(original, got);
  }

  @Test
  void aFetchResponseWithoutEndpointsPassesByteForByte() throws Exception {
    FetchResponse original = new FetchResponseBuilder(fetch(200_000, "x", 1)).nodeEndpoints(List.of()).build();
    byte[] frame = Wire.response(FetchResponseCodec.INSTANCE, (short) 16, 3, original);
    assertArrayEquals(frame, throughTheProxy(frame, 3));
  }

  /** A Produce response is walked to its tail, not decoded: rewritten in place, its length kept. */
  @Test
  void aProduceResponsesNodeEndpointsAreRewrittenInItsTailNotDecoded() throws Exception {
    io.kwire.messages.ProduceResponse notLeader = new io.kwire.messages.ProduceResponseBuilder()
        .responses(List.of(new io.kwire.messages.ProduceResponseBuilder.TopicProduceResponseBuilder().name("t")
            .partitionResponses(List.of(new io.kwire.messages.ProduceResponseBuilder.PartitionProduceResponseBuilder()
                .errorCode((short) 6).recordErrors(List.of(new io.kwire.messages.ProduceResponseBuilder
                    .BatchIndexAndErrorMessageBuilder().batchIndex(0).batchIndexErrorMessage("moved").build()))
                .errorMessage("not the leader")
                .currentLeader(new io.kwire.messages.ProduceResponseBuilder.LeaderIdAndEpochBuilder().leaderId(2)
                    .leaderEpoch(3).build()).build())).build()))
        .nodeEndpoints(List.of(new io.kwire.messages.ProduceResponseBuilder.NodeEndpointBuilder().nodeId(2)
            .host("broker-2.cluster.internal").port(9999).build()))
        .build();
    byte[] frame = Wire.response(io.kwire.messages.ProduceResponseCodec.INSTANCE, (short) 12, 4, notLeader);
    FakeBroker.Answer answer = (connection, request, out) -> out.write(frame);
    try (FakeBroker broker = new FakeBroker(answer);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(Wire.request(io.kwire.messages.ProduceRequestCodec.INSTANCE, (short) 12, 4,
          new io.kwire.messages.ProduceRequestBuilder().acks((short) 1).timeoutMs(1000).build()));
      byte[] got = Wire.readFrame(client);
      assertEquals(frame.length, got.length, "rewritten in place, its length kept");
      io.kwire.messages.ProduceResponse read = Frames.decodeResponse(got,
          io.kwire.messages.ProduceResponseCodec.INSTANCE, (short) 12, DecodeOptions.STRICT).body();
      assertEquals("127.0.0.1", read.nodeEndpoints().get(0).host());
      assertEquals(notLeader.responses(), read.responses());
      assertEquals(0L, proxy.stats().recoded().getOrDefault("response Produce", 0L), "not decoded");
      assertEquals(1L, proxy.stats().raw().get("response Produce"));
    }
  }

  @Test
  void anUpstreamDyingMidResponseClosesTheClientAfterWhatWasForwarded() throws Exception {
    byte[] response = frame(5, BIG, 2);
    List<String> events = new CopyOnWriteArrayList<>();
    FakeBroker.Answer dies = (connection, request, out) -> {
      out.write(response, 0, 300_000);
      out.flush();
      throw new java.io.IOException("the broker dies mid-response"); // FakeBroker closes the socket
    };
    try (FakeBroker broker = new FakeBroker(dies);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(events::add));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(unknownRequest(5));
      byte[] got = Wire.readToEnd(client); // the proxy closes the connection
      assertTrue(got.length > 0 && got.length <= 300_000, got.length + " bytes");
      assertArrayEquals(Arrays.copyOf(response, got.length), got);
      Wire.awaitTrue(() -> events.stream().anyMatch(e -> e.contains("closed the connection")));
    }
  }

  /** A broker that stalls mid-response past the request timeout: the client gets what came, then the end. */
  @Test
  void aBrokerStallingMidResponseTimesOutAndClosesTheClient() throws Exception {
    byte[] response = frame(6, BIG, 4);
    List<String> events = new CopyOnWriteArrayList<>();
    CountDownLatch done = new CountDownLatch(1);
    FakeBroker.Answer stalls = (connection, request, out) -> {
      out.write(response, 0, 200_000);
      out.flush();
      await(done); // never sends the rest
    };
    try (FakeBroker broker = new FakeBroker(stalls);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withRequestTimeout(java.time.Duration.ofMillis(300)).withEvents(events::add));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(unknownRequest(6));
      byte[] got = Wire.readToEnd(client);
      assertArrayEquals(Arrays.copyOf(response, 200_000), got);
      Wire.awaitTrue(() -> events.stream().anyMatch(e -> e.contains("did not answer request")
          && e.contains("correlation id 6 within 300 ms; closing the connection")));
    } finally {
      done.countDown();
    }
  }

  /** A response whose size prefix passes the frame cap goes nowhere: nothing of it reaches the client. */
  @Test
  void aResponseOverTheFrameCapIsRefusedBeforeAnyOfItIsForwarded() throws Exception {
    byte[] response = frame(8, 70_000, 5);
    List<String> events = new CopyOnWriteArrayList<>();
    FakeBroker.Answer big = (connection, request, out) -> out.write(response);
    try (FakeBroker broker = new FakeBroker(big);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withMaxFrameBytes(65_536).withEvents(events::add));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(unknownRequest(8));
      assertEquals(0, Wire.readToEnd(client).length);
      Wire.awaitTrue(() -> events.stream().anyMatch(e -> e.contains("response frame refused")));
    }
  }

  private static void assertRecordsKept(FetchResponse original, FetchResponse got) {
    assertArrayEquals(original.responses().get(0).partitions().get(0).records().toByteArray(),
        got.responses().get(0).partitions().get(0).records().toByteArray());
  }

  private static FetchResponse throughTheProxy(FetchResponse response) throws Exception {
    byte[] frame = Wire.response(FetchResponseCodec.INSTANCE, (short) 16, 3, response);
    byte[] got = throughTheProxy(frame, 3);
    assertEquals(frame.length, got.length, "the frame keeps its length");
    return Frames.decodeResponse(got, FetchResponseCodec.INSTANCE, (short) 16, DecodeOptions.STRICT).body();
  }

  /** {@code response} sent by a broker in two halves, the second once the client has read part of the first. */
  private static byte[] throughTheProxy(byte[] response, int correlationId) throws Exception {
    CountDownLatch firstPartRead = new CountDownLatch(1);
    int half = response.length / 2;
    FakeBroker.Answer halves = (connection, request, out) -> {
      out.write(response, 0, half);
      out.flush();
      await(firstPartRead);
      out.write(response, half, response.length - half);
    };
    try (FakeBroker broker = new FakeBroker(halves);
        KwireProxy proxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), broker.address())
            .withEvents(line -> { }));
        Socket client = Wire.connect(proxy.localAddress())) {
      client.getOutputStream().write(fetchRequest(correlationId));
      InputStream in = client.getInputStream();
      byte[] first = in.readNBytes(half / 2); // times out if the proxy waits for the whole frame
      firstPartRead.countDown();
      byte[] rest = in.readNBytes(response.length - first.length);
      byte[] got = new byte[first.length + rest.length];
      System.arraycopy(first, 0, got, 0, first.length);
      System.arraycopy(rest, 0, got, first.length, rest.length);
      return got;
    }
  }

  /** A Fetch v16 answer of one partition with {@code recordBytes} of records, NOT_LEADER elsewhere: an endpoint. */
  private static FetchResponse fetch(int recordBytes, String host, int port) {
    byte[] records = new byte[recordBytes];
    new Random(3).nextBytes(records);
    FetchResponse.PartitionData data = new FetchResponseBuilder.PartitionDataBuilder().partitionIndex(0)
        .highWatermark(100).records(Records.wrap(records))
        .currentLeader(new FetchResponseBuilder.LeaderIdAndEpochBuilder().leaderId(1).leaderEpoch(4).build()).build();
    FetchResponse.PartitionData moved = new FetchResponseBuilder.PartitionDataBuilder().partitionIndex(1)
        .errorCode((short) 6).records(Records.EMPTY)
        .currentLeader(new FetchResponseBuilder.LeaderIdAndEpochBuilder().leaderId(1).leaderEpoch(5).build()).build();
    return new FetchResponseBuilder().responses(List.of(new FetchResponseBuilder.FetchableTopicResponseBuilder()
            .topicId(new UUID(1, 2)).partitions(List.of(data, moved)).build()))
        .nodeEndpoints(List.of(new FetchResponseBuilder.NodeEndpointBuilder().nodeId(1).host(host).port(port)
            .rack("rack-a").build()))
        .build();
  }

  private static MetadataResponse metadata(String host, int port) {
    return new MetadataResponseBuilder().brokers(List.of(new MetadataResponseBuilder.MetadataResponseBrokerBuilder()
        .nodeId(1).host(host).port(port).build())).build();
  }

  private static void await(CountDownLatch latch) throws java.io.IOException {
    try {
      if (!latch.await(20, TimeUnit.SECONDS)) {
        throw new java.io.IOException("the client read nothing of the first part");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.IOException(e);
    }
  }
}
