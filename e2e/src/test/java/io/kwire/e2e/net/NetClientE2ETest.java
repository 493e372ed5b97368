package io.kwire.e2e.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.EmbeddedKafka;
import io.kwire.e2e.client.Broker;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.MetadataRequestBuilder;
import io.kwire.messages.MetadataResponse;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.net.internal.ApiVersionsWire;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.DecodeOptions;
import io.kwire.runtime.Frames;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * kwire-net's client against the real Kafka 4.4.0 broker, and the broker's answers at the edges of
 * the protocol that kwire-net's server mirrors (docs/net.md, "What Kafka does").
 */
class NetClientE2ETest {
  private static InetSocketAddress broker() {
    return EmbeddedKafka.shared().address();
  }

  @Test
  void apiVersionsMetadataCreateTopicsProduceAndFetch() {
    try (KwireClient client = KwireClient.builder().clientId("kwire-net-e2e").connect(broker())) {
      assertTrue(client.versions().highest(0).isPresent());
      assertEquals(client.versions().require(3), client.versions().highest(3).getAsInt());

      String name = Broker.uniqueTopic("net");
      CreateTopicsResponse created = client.send(new CreateTopicsRequestBuilder().timeoutMs(30_000)
          .topics(List.of(Broker.topic(name, 1))).build(), CreateTopicsResponse.class).join();
      assertEquals(0, created.topics().get(0).errorCode(), created.topics().get(0).errorMessage());
      java.util.UUID topicId = created.topics().get(0).topicId();

      MetadataResponse.MetadataResponseTopic topic = Broker.poll(() -> {
        MetadataResponse metadata = client.send(new MetadataRequestBuilder().allowAutoTopicCreation(false)
            .topics(List.of(new MetadataRequestBuilder.MetadataRequestTopicBuilder().name(name).build())).build(),
            MetadataResponse.class).join();
        MetadataResponse.MetadataResponseTopic t = metadata.topics().get(0);
        return t.errorCode() == 0 && t.partitions().size() == 1 && t.partitions().get(0).leaderId() >= 0 ? t : null;
      }, "a leader for " + name);
      assertEquals(topicId, topic.topicId());

      Records batch = RecordBatchBuilder.create(0)
          .append(System.currentTimeMillis(), bytes("k"), bytes("hello from kwire-net"))
          .build();
      ProduceResponse produced = Broker.poll(() -> {
        ProduceResponse r = client.send(new ProduceRequestBuilder().acks((short) -1).timeoutMs(30_000)
            .topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder().name(name).topicId(topicId)
                .partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder()
                    .index(0).records(batch).build()))
                .build()))
            .build(), ProduceResponse.class).join();
        short error = r.responses().get(0).partitionResponses().get(0).errorCode();
        return error == 3 || error == 6 ? null : r; // not led yet on the broker: retry, as a producer does
      }, "produce to " + name);
      ProduceResponse.PartitionProduceResponse answer = produced.responses().get(0).partitionResponses().get(0);
      assertEquals(0, answer.errorCode(), answer.errorMessage());
      assertEquals(0, answer.baseOffset());

      FetchResponse fetched = client.send(new FetchRequestBuilder().maxWaitMs(0).minBytes(0).maxBytes(1 << 20)
          .sessionId(0).sessionEpoch(-1)
          .topics(List.of(new FetchRequestBuilder.FetchTopicBuilder().topic(name).topicId(topicId)
              .partitions(List.of(new FetchRequestBuilder.FetchPartitionBuilder()
                  .partition(0).fetchOffset(0).partitionMaxBytes(1 << 20).build()))
              .build()))
          .build(), FetchResponse.class).join();
      FetchResponse.PartitionData data = fetched.responses().get(0).partitions().get(0);
      assertEquals(0, data.errorCode());
      List<String> values = new ArrayList<>();
      for (RecordBatch b : data.records().batches()) {
        for (KafkaRecord record : b) {
          values.add(new String(record.valueBytes(), StandardCharsets.UTF_8));
        }
      }
      assertEquals(List.of("hello from kwire-net"), values);
    }
  }

  @Test
  void pipelinedRequestsComeBackInOrder() {
    try (KwireClient client = KwireClient.connect(broker())) {
      List<java.util.concurrent.CompletableFuture<MetadataResponse>> answers = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        answers.add(client.send(new MetadataRequestBuilder().topics(List.of()).build(), MetadataResponse.class));
      }
      for (var answer : answers) {
        assertEquals(1, answer.join().brokers().size());
      }
    }
  }

  @Test
  void theBrokersApiVersionsFallbackIsTheOneKwireNetServes() throws IOException {
    short brokerMax;
    try (KwireClient client = KwireClient.connect(broker())) {
      brokerMax = client.versions().broker(18).orElseThrow().maxVersion();
    }
    try (Socket socket = open()) {
      socket.getOutputStream().write(ApiVersionsWire.encodeRequest((short) 127, 42, "raw", "kwire-e2e", "1.0"));
      byte[] answer = Frames.readFrame(socket.getInputStream(), DecodeOptions.STRICT);
      assertArrayEquals(ApiVersionsWire.encodeResponse(42, (short) 0, (short) 35,
          List.of(new BrokerRange((short) 18, (short) 0, brokerMax))), answer);
    }
  }

  @Test
  void theBrokerClosesTheConnectionOnAnUnknownApiKey() throws IOException {
    try (Socket socket = open()) {
      socket.getOutputStream().write(HexFormat.of().parseHex("0000000c" + "03e8" + "0000" + "00000001" + "0000" + "0000"));
      assertClosed(socket.getInputStream());
    }
  }

  @Test
  void theBrokerClosesTheConnectionOnAVersionItLacks() throws IOException {
    try (Socket socket = open()) {
      // Metadata v99, header v2: client id "", no tags, then an empty body.
      socket.getOutputStream().write(HexFormat.of().parseHex("0000000b" + "0003" + "0063" + "00000001" + "0000" + "00"));
      assertClosed(socket.getInputStream());
    }
  }

  private static Socket open() throws IOException {
    Socket socket = new Socket();
    socket.connect(broker(), 5_000);
    socket.setSoTimeout(10_000);
    return socket;
  }

  private static void assertClosed(InputStream in) throws IOException {
    try {
      assertEquals(-1, in.read());
    } catch (java.net.SocketException reset) {
      // closed with a reset: closed all the same
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
