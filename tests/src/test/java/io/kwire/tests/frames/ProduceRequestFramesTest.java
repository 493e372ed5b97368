package io.kwire.tests.frames;

import static io.kwire.tests.frames.FrameAssertions.assertSameFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder.PartitionProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder.TopicProduceDataBuilder;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.generated.WireDefaults;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.Records;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Produce request frames carrying real record batches: kwire's frame is byte for byte Kafka's
 * (SendBuilder, the same batch bytes), reads back as an equal request, and its records read back
 * as the records appended.
 */
class ProduceRequestFramesTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();
  private static final String CLIENT_ID = "kwire-producer";
  private static final UUID ORDERS_ID = new UUID(0x0123456789abcdefL, 0x1122334455667788L);
  private static final UUID AUDIT_ID = new UUID(0x7edcba9876543210L, 0x0f0e0d0c0b0a0908L);

  /** A partition's records (null for a null field) and what they read back as. */
  record Partition(int index, Records records, List<ReadRecord> expected) {}

  record Topic(String name, UUID id, List<Partition> partitions) {}

  static Stream<Arguments> currentVersionsAndCodecs() {
    List<Arguments> out = new ArrayList<>();
    for (short v = ProduceRequestData.LOWEST_SUPPORTED_VERSION; v <= ProduceRequestData.HIGHEST_SUPPORTED_VERSION; v++) {
      for (Compression c : Compression.values()) {
        out.add(Arguments.of(v, c));
      }
    }
    return out.stream();
  }

  /** Versions 0-2 (3.9.1 only): magic 0 message sets in v0 and v1, magic 1 in v2; no zstd before magic 2. */
  static Stream<Arguments> legacyVersionsAndCodecs() {
    List<Arguments> out = new ArrayList<>();
    for (short v = 0; v <= 2; v++) {
      for (Compression c : List.of(Compression.NONE, Compression.GZIP, Compression.SNAPPY, Compression.LZ4)) {
        out.add(Arguments.of(v, c));
      }
    }
    return out.stream();
  }

  /** Two topics: a transactional batch, an idempotent one, a plain one, and a partition with null records. */
  private static List<Topic> kwireBatches(Compression codec, long seed) {
    PartitionRecords orders0 = new PartitionRecords(0)
        .batch(b -> b.compression(codec).producer(1234L, (short) 5, 0).transactional(true),
            SampleRecord.random(seed, 7));
    PartitionRecords orders3 = new PartitionRecords(0)
        .batch(b -> b.compression(codec).producer(42L, (short) 1, 100).partitionLeaderEpoch(8),
            SampleRecord.random(seed + 1, 4));
    PartitionRecords audit1 = new PartitionRecords(0).batch(Compression.NONE, SampleRecord.random(seed + 2, 3));
    return List.of(
        new Topic("orders", ORDERS_ID, List.of(partition(0, orders0), partition(3, orders3))),
        new Topic("audit", AUDIT_ID, List.of(partition(1, audit1), new Partition(2, null, null))));
  }

  private static Partition partition(int index, PartitionRecords records) {
    return new Partition(index, records.records(), records.expected());
  }

  @ParameterizedTest(name = "v{0} {1}")
  @MethodSource("currentVersionsAndCodecs")
  void kwireBatchesMakeKafkasFrame(short version, Compression codec) {
    List<Topic> topics = kwireBatches(codec, 100 + version);
    RequestHeader header = new RequestHeader(ProduceRequestCodec.API_KEY, version, 7000 + version, CLIENT_ID);
    ProduceRequest body = kwireRequest(version, "tx-orders", topics);

    byte[] kwire = Frames.encodeRequest(header, ProduceRequestCodec.INSTANCE, body);
    byte[] kafka = KafkaWire.request(ApiKeys.PRODUCE, version, CLIENT_ID, header.correlationId(),
        kafkaRequest(version, "tx-orders", topics));
    assertSameFrame(kafka, kwire, "Produce v" + version + " " + codec);

    assertReadsBack(kwire, header, body, topics);
  }

  @ParameterizedTest(name = "v{0} {1}")
  @MethodSource("currentVersionsAndCodecs")
  void kafkaBatchesInAKwireRequestMakeKafkasFrame(short version, Compression codec) {
    List<SampleRecord> samples = SampleRecord.random(300 + version, 9);
    MemoryRecords kafkaBatch = kafkaBatch(codec, 50, samples);
    byte[] batchBytes = new byte[kafkaBatch.sizeInBytes()];
    kafkaBatch.buffer().duplicate().get(batchBytes);
    List<ReadRecord> expected = new ArrayList<>();
    for (int i = 0; i < samples.size(); i++) {
      expected.add(ReadRecord.expected(50 + i, samples.get(i).timestamp(), samples.get(i)));
    }
    List<Topic> topics = List.of(new Topic("orders", ORDERS_ID,
        List.of(new Partition(4, Records.wrap(batchBytes), expected))));
    RequestHeader header = new RequestHeader(ProduceRequestCodec.API_KEY, version, 8000 + version, CLIENT_ID);
    ProduceRequest body = kwireRequest(version, null, topics);

    byte[] kwire = Frames.encodeRequest(header, ProduceRequestCodec.INSTANCE, body);
    // Kafka's side holds the MemoryRecords its builder returned, not a copy.
    ProduceRequestData kafkaBody = new ProduceRequestData().setTransactionalId(null).setAcks((short) -1)
        .setTimeoutMs(30_000).setTopicData(new ProduceRequestData.TopicProduceDataCollection(List.of(
            kafkaTopic(version, topics.get(0)).setPartitionData(List.of(
                new ProduceRequestData.PartitionProduceData().setIndex(4).setRecords(kafkaBatch)))).iterator()));
    byte[] kafka = KafkaWire.request(ApiKeys.PRODUCE, version, CLIENT_ID, header.correlationId(), kafkaBody);
    assertSameFrame(kafka, kwire, "Produce v" + version + " with Kafka's " + codec + " batch");

    assertReadsBack(kwire, header, body, topics);
  }

  @ParameterizedTest(name = "v{0} {1}")
  @MethodSource("legacyVersionsAndCodecs")
  void legacyMessageSetsMakeKafka391sFrame(short version, Compression codec) throws Exception {
    byte magic = version < 2 ? (byte) 0 : (byte) 1;
    PartitionRecords p0 = new PartitionRecords(0).legacy(magic, codec, SampleRecord.random(500 + version, 6));
    PartitionRecords p1 = new PartitionRecords(0).legacy(magic, Compression.NONE, SampleRecord.random(600 + version, 2));
    List<Topic> topics = List.of(new Topic("orders", ORDERS_ID, List.of(partition(0, p0), partition(1, p1))));
    RequestHeader header = new RequestHeader(ProduceRequestCodec.API_KEY, version, 9000 + version, CLIENT_ID);
    ProduceRequest body = kwireRequest(version, null, topics);

    byte[] kwire = Frames.encodeRequest(header, ProduceRequestCodec.INSTANCE, body);
    byte[] kafka = LegacyKafkaWire.request("PRODUCE", body, ProduceRequestCodec.DESCRIPTOR, version, CLIENT_ID,
        header.correlationId());
    assertSameFrame(kafka, kwire, "Produce v" + version + " magic " + magic + " " + codec);

    assertReadsBack(kwire, header, body, topics);
  }

  /** The frame decodes to the same header and body, and each partition's records to the records appended. */
  private static void assertReadsBack(byte[] frame, RequestHeader header, ProduceRequest body, List<Topic> topics) {
    DecodedRequest<?> decoded = Frames.decodeRequest(frame, REGISTRY);
    assertEquals(header, decoded.header());
    assertEquals(body, decoded.body());
    ProduceRequest read = (ProduceRequest) decoded.body();
    for (int t = 0; t < topics.size(); t++) {
      for (int p = 0; p < topics.get(t).partitions().size(); p++) {
        Partition expected = topics.get(t).partitions().get(p);
        Records records = read.topicData().get(t).partitionData().get(p).records();
        if (expected.records() == null) {
          assertNull(records);
        } else {
          assertEquals(expected.expected(), PartitionRecords.read(records, ReadOptions.DEFAULT),
              () -> "records of partition " + expected.index());
        }
      }
    }
  }

  private static ProduceRequest kwireRequest(short version, String transactionalId, List<Topic> topics) {
    List<ProduceRequest.TopicProduceData> topicData = new ArrayList<>();
    for (Topic t : topics) {
      List<ProduceRequest.PartitionProduceData> partitions = new ArrayList<>();
      for (Partition p : t.partitions()) {
        partitions.add(new PartitionProduceDataBuilder().index(p.index()).records(p.records()).build());
      }
      topicData.add(new TopicProduceDataBuilder()
          .name(version <= 12 ? t.name() : "")
          .topicId(version >= 13 ? t.id() : WireDefaults.ZERO_UUID)
          .partitionData(partitions)
          .build());
    }
    return new ProduceRequestBuilder()
        .transactionalId(version >= 3 ? transactionalId : null)
        .acks((short) -1)
        .timeoutMs(30_000)
        .topicData(topicData)
        .build();
  }

  private static ProduceRequestData kafkaRequest(short version, String transactionalId, List<Topic> topics) {
    ProduceRequestData.TopicProduceDataCollection topicData = new ProduceRequestData.TopicProduceDataCollection();
    for (Topic t : topics) {
      List<ProduceRequestData.PartitionProduceData> partitions = new ArrayList<>();
      for (Partition p : t.partitions()) {
        partitions.add(new ProduceRequestData.PartitionProduceData().setIndex(p.index())
            .setRecords(p.records() == null ? null : MemoryRecords.readableRecords(ByteBuffer.wrap(p.records().toByteArray()))));
      }
      topicData.add(kafkaTopic(version, t).setPartitionData(partitions));
    }
    return new ProduceRequestData().setTransactionalId(transactionalId).setAcks((short) -1).setTimeoutMs(30_000)
        .setTopicData(topicData);
  }

  private static ProduceRequestData.TopicProduceData kafkaTopic(short version, Topic t) {
    return new ProduceRequestData.TopicProduceData()
        .setName(version <= 12 ? t.name() : "")
        .setTopicId(version >= 13 ? new Uuid(t.id().getMostSignificantBits(), t.id().getLeastSignificantBits()) : Uuid.ZERO_UUID);
  }

  /** A batch from Kafka's own builder, records at consecutive offsets from {@code baseOffset}. */
  static MemoryRecords kafkaBatch(Compression codec, long baseOffset, List<SampleRecord> samples) {
    MemoryRecordsBuilder builder = MemoryRecords.builder(ByteBuffer.allocate(256), kafkaCompression(codec),
        TimestampType.CREATE_TIME, baseOffset);
    for (SampleRecord s : samples) {
      builder.append(s.timestamp(), s.key(), s.value(), s.headers().stream()
          .map(h -> new RecordHeader(h.key(), h.value())).toArray(org.apache.kafka.common.header.Header[]::new));
    }
    return builder.build();
  }

  static org.apache.kafka.common.compress.Compression kafkaCompression(Compression codec) {
    return org.apache.kafka.common.compress.Compression.of(
        CompressionType.forName(codec.name().toLowerCase(Locale.ROOT))).build();
  }
}
