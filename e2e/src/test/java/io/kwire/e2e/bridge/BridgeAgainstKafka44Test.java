package io.kwire.e2e.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.bridge.BridgeTranslator;
import io.kwire.e2e.EmbeddedKafka;
import io.kwire.e2e.client.Broker;
import io.kwire.net.KwireClient;
import io.kwire.proxy.KwireProxy;
import io.kwire.proxy.ProxyConfig;
import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.Records;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bridge's translations against a real Kafka 4.4.0 broker, kwire over a plain socket through
 * {@code kwire bridge} (the Netty proxy in bridge mode): requests of removed versions, as
 * kafka-clients 0.9 and 0.10 send them, are refused by the broker when sent as they are and served
 * when bridged.
 */
class BridgeAgainstKafka44Test {
  private static final short PRODUCE = 0;
  private static final short FETCH = 1;
  private static EmbeddedKafka kafka;
  private static KwireProxy bridgeProxy;
  /** The bridge's log: every message, and a line per translation with its notes. */
  private static final List<String> log = Collections.synchronizedList(new ArrayList<>());

  @AfterAll
  static void stopBridge() {
    bridgeProxy.close();
  }

  @BeforeAll
  static void topics() throws Exception {
    kafka = EmbeddedKafka.shared();
    bridgeProxy = KwireProxy.start(ProxyConfig.of(new InetSocketAddress("127.0.0.1", 0), kafka.address())
        .withBridge(true).withLog(log::add));
    try (Admin admin = kafka.admin()) {
      admin.createTopics(List.of(new NewTopic("bridge-plain", 1, (short) 1), new NewTopic("bridge-tx", 1, (short) 1),
          new NewTopic("bridge-refused", 1, (short) 1), new NewTopic("twice-direct", 1, (short) 1),
          new NewTopic("twice-bridged", 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
    // Created is not yet led: a Produce before the broker has the leadership is NOT_LEADER_OR_FOLLOWER.
    try (KwireClient client = Broker.connect()) {
      for (String topic : List.of("bridge-plain", "bridge-tx", "bridge-refused", "twice-direct", "twice-bridged")) {
        Broker.awaitLeaders(client, topic, 1);
      }
    }
  }

  private static ApiVersionsResponse brokerApiVersions(BrokerSocket socket) throws Exception {
    return (ApiVersionsResponse) socket.call((short) 18, (short) 0, new ApiVersionsRequestBuilder().build());
  }

  private static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  private static Records messageSet(byte magic, Compression codec, int first, int count) {
    LegacyRecordsBuilder b = LegacyRecordsBuilder.create(magic, 0).compression(codec);
    for (int i = first; i < first + count; i++) {
      b.append(1_600_000_000_000L + i, i % 3 == 0 ? null : utf8("k" + i), i % 5 == 4 ? null : utf8("v" + i));
    }
    return b.build();
  }

  private static ProduceRequest produce(String topic, Records records) {
    return new ProduceRequestBuilder().acks((short) -1).timeoutMs(10_000).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name(topic).partitionData(List.of(
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(records).build())).build()))
        .build();
  }

  private static FetchRequest fetch(String topic, long offset) {
    return new FetchRequestBuilder().replicaId(-1).maxWaitMs(100).minBytes(1).maxBytes(1 << 20).topics(List.of(
        new FetchRequestBuilder.FetchTopicBuilder().topic(topic).partitions(List.of(
            new FetchRequestBuilder.FetchPartitionBuilder().partition(0).fetchOffset(offset).partitionMaxBytes(1 << 20)
                .build())).build())).build();
  }

  /** One Produce naming partition 0 of {@code topic} once per set. */
  private static ProduceRequest produceTwice(String topic, Records first, Records second) {
    return new ProduceRequestBuilder().acks((short) -1).timeoutMs(10_000).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name(topic).partitionData(List.of(
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(first).build(),
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(second).build())).build()))
        .build();
  }

  /** The values of partition 0 of {@code topic}, read through the bridge. */
  private static List<String> values(BrokerSocket bridge, String topic) throws Exception {
    FetchResponse r = (FetchResponse) bridge.call(FETCH, (short) 3, fetch(topic, 0));
    List<String> values = new ArrayList<>();
    for (RecordBatch entry : r.responses().get(0).partitions().get(0).records().batches()) {
      for (KafkaRecord rec : entry) {
        values.add(new String(rec.valueBytes(), StandardCharsets.UTF_8));
      }
    }
    return values;
  }

  @Test
  void aPartitionNamedTwiceIsWrittenFromItsLastEntryAndAnsweredOnceByKafkaAndByTheBridge() throws Exception {
    Records first = io.kwire.runtime.records.RecordBatchBuilder.create(0).append(1L, null, utf8("first")).build();
    Records second = io.kwire.runtime.records.RecordBatchBuilder.create(0).append(1L, null, utf8("second")).build();
    try (BrokerSocket broker = new BrokerSocket(kafka.address());
        BrokerSocket bridge = new BrokerSocket(bridgeProxy.localAddress())) {
      ProduceResponse direct = (ProduceResponse) broker.call(PRODUCE, (short) 3, produceTwice("twice-direct", first, second));
      assertEquals(1, direct.responses().get(0).partitionResponses().size(), "Kafka 4.4.0 answers the partition once");
      assertEquals(0, direct.responses().get(0).partitionResponses().get(0).errorCode());
      assertEquals(List.of("second"), values(bridge, "twice-direct"), "and writes its last entry only");

      Records corrupt = messageSet((byte) 1, Compression.NONE, 0, 2);
      byte[] bytes = corrupt.toByteArray();
      bytes[20] ^= 0x55; // inside the first message: its CRC no longer matches
      ProduceResponse bridged = (ProduceResponse) bridge.call(PRODUCE, (short) 2,
          produceTwice("twice-bridged", messageSet((byte) 1, Compression.NONE, 0, 2), Records.wrap(bytes)));
      List<ProduceResponse.PartitionProduceResponse> answers = bridged.responses().get(0).partitionResponses();
      assertEquals(1, answers.size(), "the bridge answers the partition once too");
      assertEquals(2, answers.get(0).errorCode(), "CORRUPT_MESSAGE: its last entry is the one to write");
      assertEquals(List.of(), values(bridge, "twice-bridged"), "nothing written");
    }
  }

  @Test
  void theBrokerAdvertisesProduceFrom0ButRefusesV2AndTheBridgeKnowsIt() throws Exception {
    try (BrokerSocket socket = new BrokerSocket(kafka.address())) {
      ApiVersionsResponse versions = brokerApiVersions(socket);
      BridgeTranslator bridge = new BridgeTranslator(versions);
      assertEquals(0, bridge.brokerVersions().advertisedMin(PRODUCE));
      assertEquals(3, bridge.brokerVersions().min(PRODUCE));
      assertEquals(4, bridge.brokerVersions().min(FETCH));
      assertEquals(0, bridge.clientMinVersion(FETCH));
      // sent as it is, a Produce v2 makes the broker close the connection
      assertNull(socket.call(PRODUCE, (short) 2, produce("bridge-refused", messageSet((byte) 1, Compression.NONE, 0, 3))));
    }
    try (BrokerSocket socket = new BrokerSocket(kafka.address())) {
      assertNull(socket.call(FETCH, (short) 3, fetch("bridge-refused", 0)), "Fetch v3 is refused too");
    }
  }

  @Test
  void oldProducersAndConsumersAreServedThroughTheBridge() throws Exception {
    try (BrokerSocket bridge = new BrokerSocket(bridgeProxy.localAddress())) {
      Object[][] sends = {{(short) 0, (byte) 0, Compression.NONE}, {(short) 1, (byte) 0, Compression.GZIP},
          {(short) 2, (byte) 1, Compression.NONE}, {(short) 2, (byte) 1, Compression.SNAPPY},
          {(short) 2, (byte) 1, Compression.LZ4}};
      long expectedBase = 0;
      int perSend = 7;
      for (int s = 0; s < sends.length; s++) {
        Records set = messageSet((byte) sends[s][1], (Compression) sends[s][2], s * perSend, perSend);
        ProduceResponse r = (ProduceResponse) bridge.call(PRODUCE, (short) sends[s][0], produce("bridge-plain", set));
        ProduceResponse.PartitionProduceResponse p = r.responses().get(0).partitionResponses().get(0);
        assertEquals(0, p.errorCode(), "send " + s);
        assertEquals(expectedBase, p.baseOffset(), "the broker's base offset, send " + s);
        expectedBase += perSend;
      }
      long total = expectedBase;

      for (short v = 0; v <= 3; v++) {
        byte magic = (byte) (v <= 1 ? 0 : 1);
        List<KafkaRecord> seen = new ArrayList<>();
        long offset = 0;
        while (offset < total) {
          FetchResponse r = (FetchResponse) bridge.call(FETCH, v, fetch("bridge-plain", offset));
          FetchResponse.PartitionData p = r.responses().get(0).partitions().get(0);
          assertEquals(0, p.errorCode());
          assertEquals(total, p.highWatermark());
          for (RecordBatch entry : p.records().batches()) {
            assertEquals(magic, entry.magic());
            for (KafkaRecord rec : entry) {
              if (rec.offset() >= offset) {
                seen.add(rec);
              }
            }
          }
          offset = seen.get(seen.size() - 1).offset() + 1;
        }
        assertEquals(total, seen.size(), "Fetch v" + v);
        for (int i = 0; i < total; i++) {
          KafkaRecord rec = seen.get(i);
          assertEquals(i, rec.offset());
          assertArrayEquals(i % 3 == 0 ? null : utf8("k" + i), rec.keyBytes());
          assertArrayEquals(i % 5 == 4 ? null : utf8("v" + i), rec.valueBytes());
          if (magic == 1 && i >= 2 * perSend) {
            assertEquals(1_600_000_000_000L + i, rec.timestamp(), "magic 1 timestamps survive the round trip");
          }
        }
      }

      ListOffsetsResponse latest = (ListOffsetsResponse) bridge.call((short) 2, (short) 0, listOffsets("bridge-plain", -1));
      assertEquals(List.of(total), latest.topics().get(0).partitions().get(0).oldStyleOffsets());
      ListOffsetsResponse earliest = (ListOffsetsResponse) bridge.call((short) 2, (short) 0, listOffsets("bridge-plain", -2));
      assertEquals(List.of(0L), earliest.topics().get(0).partitions().get(0).oldStyleOffsets());

      for (short v = 0; v <= 1; v++) {
        long committed = 10 + v;
        Object commit = new OffsetCommitRequestBuilder()
            .groupId("bridge-group-" + v).topics(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder()
                .name("bridge-plain").partitions(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder()
                    .partitionIndex(0).committedOffset(committed).committedMetadata("m").build())).build())).build();
        // as an old client does: FindCoordinator v0 (passed through; it also makes the broker create
        // the offsets topic), retried while the coordinator loads, then the commit
        Object find = new FindCoordinatorRequestBuilder().key("bridge-group-" + v).build();
        FindCoordinatorResponse coordinator = (FindCoordinatorResponse) bridge.call((short) 10, (short) 0, find);
        for (int attempt = 0; attempt < 100 && coordinator.errorCode() != 0; attempt++) {
          Thread.sleep(100);
          coordinator = (FindCoordinatorResponse) bridge.call((short) 10, (short) 0, find);
        }
        assertEquals(0, coordinator.errorCode(), "FindCoordinator v0");
        OffsetCommitResponse c = (OffsetCommitResponse) bridge.call((short) 8, v, commit);
        for (int attempt = 0; attempt < 100 && isCoordinatorLoading(c.topics().get(0).partitions().get(0).errorCode()); attempt++) {
          Thread.sleep(100);
          c = (OffsetCommitResponse) bridge.call((short) 8, v, commit);
        }
        assertEquals(0, c.topics().get(0).partitions().get(0).errorCode(), "OffsetCommit v" + v);
        OffsetFetchResponse f = (OffsetFetchResponse) bridge.call((short) 9, (short) 0, new OffsetFetchRequestBuilder()
            .groupId("bridge-group-" + v).topics(List.of(new OffsetFetchRequestBuilder.OffsetFetchRequestTopicBuilder()
                .name("bridge-plain").partitionIndexes(List.of(0)).build())).build());
        OffsetFetchResponse.OffsetFetchResponsePartition p = f.topics().get(0).partitions().get(0);
        assertEquals(0, p.errorCode());
        assertEquals(committed, p.committedOffset(), "OffsetFetch v0 reads what OffsetCommit v" + v + " wrote");
        assertEquals("m", p.metadata());
      }
    }
  }

  private static boolean isCoordinatorLoading(short error) {
    return error == 14 || error == 15 || error == 16;
  }

  private static Object listOffsets(String topic, long timestamp) {
    return new ListOffsetsRequestBuilder().replicaId(-1).topics(List.of(
        new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name(topic).partitions(List.of(
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(timestamp)
                .maxNumOffsets(1).build())).build())).build();
  }

  @Test
  void oldConsumersReadOnlyCommittedTransactionsWithoutHeaders() throws Exception {
    Properties props = new Properties();
    props.putAll(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
        ProducerConfig.TRANSACTIONAL_ID_CONFIG, "bridge-tx-producer",
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName(),
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName()));
    try (KafkaProducer<String, String> producer = new KafkaProducer<>(props)) {
      producer.initTransactions();
      producer.beginTransaction();
      ProducerRecord<String, String> withHeader = new ProducerRecord<>("bridge-tx", "k0", "committed-0");
      withHeader.headers().add("h", utf8("x"));
      producer.send(withHeader);
      producer.send(new ProducerRecord<>("bridge-tx", "k1", "committed-1"));
      producer.commitTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("bridge-tx", "k2", "aborted-2"));
      producer.flush();
      producer.abortTransaction();
      producer.beginTransaction();
      producer.send(new ProducerRecord<>("bridge-tx", "k3", "committed-3"));
      producer.commitTransaction();
    }
    try (BrokerSocket bridge = new BrokerSocket(bridgeProxy.localAddress())) {
      List<Long> offsets = new ArrayList<>();
      for (short v : new short[] {0, 2, 3}) {
        FetchResponse r = (FetchResponse) bridge.call(FETCH, v, fetch("bridge-tx", 0));
        List<String> values = new ArrayList<>();
        offsets.clear();
        for (RecordBatch entry : r.responses().get(0).partitions().get(0).records().batches()) {
          for (KafkaRecord rec : entry) {
            values.add(new String(rec.valueBytes(), StandardCharsets.UTF_8));
            offsets.add(rec.offset());
          }
        }
        assertEquals(List.of("committed-0", "committed-1", "committed-3"), values, "Fetch v" + v);
      }
      // From the commit marker after committed-1, one batch per answer (partitionMaxBytes 1): the marker,
      // the aborted batch and its marker are all filtered out; the bridge fetches on until committed-3.
      FetchRequest fromMarker = new FetchRequestBuilder(fetch("bridge-tx", offsets.get(1) + 1)).topics(List.of(
          new FetchRequestBuilder.FetchTopicBuilder().topic("bridge-tx").partitions(List.of(
              new FetchRequestBuilder.FetchPartitionBuilder().partition(0).fetchOffset(offsets.get(1) + 1)
                  .partitionMaxBytes(1).build())).build())).build();
      FetchResponse onwards = (FetchResponse) bridge.call(FETCH, (short) 3, fromMarker);
      List<Long> after = new ArrayList<>();
      for (RecordBatch entry : onwards.responses().get(0).partitions().get(0).records().batches()) {
        for (KafkaRecord rec : entry) {
          after.add(rec.offset());
        }
      }
      assertEquals(List.of(offsets.get(2)), after, "committed-3, not an empty answer the old consumer would retry forever");
      assertEquals(3L, bridgeProxy.stats().translated().get("Fetch v3 fetched again"), bridgeProxy.stats().summary());
      // The log is written by a thread of its own: the last notes may still be on their way.
      String notes = bridgeNotes();
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (!notes.contains("control batch(es) removed") && System.nanoTime() < deadline) {
        Thread.onSpinWait();
        notes = bridgeNotes();
      }
      assertTrue(notes.contains("1 record header(s) dropped"), notes);
      assertTrue(notes.contains("aborted transactional batch(es) removed"), notes);
      assertTrue(notes.contains("control batch(es) removed"), notes);
    }
  }

  private static String bridgeNotes() {
    synchronized (log) {
      return String.join("\n", log.stream().filter(l -> l.contains("\"direction\":\"bridge\"")).toList());
    }
  }
}
