package io.kwire.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceResponse;
import io.kwire.messages.ProduceResponseBuilder;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.records.TimestampType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ProduceTranslationTest {
  private static final long CLOCK = 1_700_000_123_456L;
  private final BridgeTranslator bridge = new BridgeTranslator(Brokers.kafka44(), () -> CLOCK);

  /** Keys, values, a null key, a null value, an empty value; timestamps for magic 1. */
  static final String[][] RECORDS = {{"k1", "v1"}, {null, "v2"}, {"k3", null}, {"k4", ""}, {"k5", "v5".repeat(50)}};

  static Records messageSet(byte magic, Compression compression) {
    LegacyRecordsBuilder b = LegacyRecordsBuilder.create(magic, 0).compression(compression);
    for (int i = 0; i < RECORDS.length; i++) {
      b.append(1_600_000_000_000L + i, bytes(RECORDS[i][0]), bytes(RECORDS[i][1]));
    }
    return b.build();
  }

  static byte[] bytes(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  static ProduceRequest produce(short acks, String topic, int partition, Records records) {
    return new ProduceRequestBuilder().acks(acks).timeoutMs(1234)
        .topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder().name(topic)
            .partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(partition)
                .records(records).build())).build())).build();
  }

  private RequestTranslation.Translated translate(short version, ProduceRequest request) {
    ProduceRequest decoded = Wire.request(request, (short) 0, version);
    return assertInstanceOf(RequestTranslation.Translated.class,
        bridge.translateRequest(new RequestHeader((short) 0, version, 3, "p"), decoded));
  }

  @ParameterizedTest
  @CsvSource({"0,0,NONE", "0,0,GZIP", "0,0,SNAPPY", "0,0,LZ4", "1,0,NONE", "1,0,GZIP", "1,0,SNAPPY", "1,0,LZ4",
      "2,1,NONE", "2,1,GZIP", "2,1,SNAPPY", "2,1,LZ4"})
  void aMessageSetBecomesOneV2BatchWithTheSameRecords(short version, byte magic, Compression compression) {
    RequestTranslation.Translated t = translate(version, produce((short) -1, "orders", 4, messageSet(magic, compression)));
    assertEquals(3, t.upstreamHeader().requestApiVersion());
    ProduceRequest up = Wire.request((ProduceRequest) t.upstreamRequest(), (short) 0, (short) 3);
    assertNull(up.transactionalId());
    assertEquals(-1, up.acks());
    assertEquals(1234, up.timeoutMs());
    assertEquals("orders", up.topicData().get(0).name());
    assertEquals(4, up.topicData().get(0).partitionData().get(0).index());
    Iterator<RecordBatch> batches = up.topicData().get(0).partitionData().get(0).records().batches().iterator();
    RecordBatchV2 batch = (RecordBatchV2) batches.next();
    assertFalse(batches.hasNext(), "Produce v3+ takes exactly one batch per partition");
    assertEquals(compression, batch.compression());
    assertEquals(TimestampType.CREATE_TIME, batch.timestampType());
    assertEquals(-1L, batch.producerId());
    assertEquals(0L, batch.baseOffset());
    List<KafkaRecord> records = new ArrayList<>();
    batch.forEach(records::add);
    assertEquals(RECORDS.length, records.size());
    for (int i = 0; i < RECORDS.length; i++) {
      KafkaRecord r = records.get(i);
      assertEquals(i, r.offset());
      assertArrayEquals(bytes(RECORDS[i][0]), r.keyBytes());
      assertArrayEquals(bytes(RECORDS[i][1]), r.valueBytes());
      assertEquals(magic == 0 ? CLOCK : 1_600_000_000_000L + i, r.timestamp(), "magic 0 gets the bridge's clock");
      assertEquals(0, r.headerCount());
    }
  }

  @Test
  void severalWrappersAndPlainMessagesBecomeOneBatchInOrder() {
    Records set = Records.concat(messageSet((byte) 1, Compression.GZIP), messageSet((byte) 1, Compression.NONE),
        messageSet((byte) 1, Compression.GZIP));
    RequestTranslation.Translated t = translate((short) 2, produce((short) 1, "t", 0, set));
    ProduceRequest up = Wire.request((ProduceRequest) t.upstreamRequest(), (short) 0, (short) 3);
    Records records = up.topicData().get(0).partitionData().get(0).records();
    List<String> values = new ArrayList<>();
    int batches = 0;
    for (RecordBatch b : records.batches()) {
      batches++;
      assertEquals(Compression.GZIP, b.compression());
      for (KafkaRecord r : b) {
        values.add(r.hasValue() ? new String(r.valueBytes(), StandardCharsets.UTF_8) : null);
      }
    }
    assertEquals(1, batches);
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      for (String[] r : RECORDS) {
        expected.add(r[1]);
      }
    }
    assertEquals(expected, values);
  }

  @Test
  void theResponseCarriesTheBaseOffsetTheBrokerAssigned() {
    RequestTranslation.Translated t = translate((short) 2, produce((short) -1, "t", 0, messageSet((byte) 1, Compression.NONE)));
    ProduceResponse upstream = new ProduceResponseBuilder().throttleTimeMs(5).responses(List.of(
        new ProduceResponseBuilder.TopicProduceResponseBuilder().name("t").partitionResponses(List.of(
            new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(0).errorCode((short) 0)
                .baseOffset(4242L).logAppendTimeMs(-1L).logStartOffset(0L).build())).build())).build();
    upstream = Wire.response(upstream, (short) 0, (short) 3);
    for (short v = 0; v <= 2; v++) {
      ProduceResponse back = Wire.response((ProduceResponse) t.translateResponse(upstream).response(), (short) 0, v);
      ProduceResponse.PartitionProduceResponse p = back.responses().get(0).partitionResponses().get(0);
      assertEquals(4242L, p.baseOffset());
      assertEquals(0, p.errorCode());
      assertEquals(v >= 1 ? 5 : 0, back.throttleTimeMs());
    }
  }

  @Test
  void unreadableAndEmptySetsAreAnsweredByTheBridgeBesideTheBrokersAnswer() {
    byte[] corrupt = messageSet((byte) 1, Compression.NONE).toByteArray();
    corrupt[20] ^= 0x55; // inside the first message: its CRC no longer matches
    ProduceRequest request = new ProduceRequestBuilder().acks((short) 1).timeoutMs(100).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("t").partitionData(List.of(
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0).records(Records.wrap(corrupt)).build(),
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(1)
                .records(messageSet((byte) 1, Compression.NONE)).build(),
            new ProduceRequestBuilder.PartitionProduceDataBuilder().index(2).records(Records.EMPTY).build()))
            .build())).build();
    RequestTranslation.Translated t = translate((short) 2, request);
    assertEquals(2, t.notes().size(), t.notes().toString());
    ProduceRequest up = (ProduceRequest) t.upstreamRequest();
    assertEquals(1, up.topicData().get(0).partitionData().size());
    assertEquals(1, up.topicData().get(0).partitionData().get(0).index());
    ProduceResponse upstream = new ProduceResponseBuilder().responses(List.of(
        new ProduceResponseBuilder.TopicProduceResponseBuilder().name("t").partitionResponses(List.of(
            new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(1).baseOffset(10L).build())).build()))
        .build();
    ProduceResponse back = Wire.response((ProduceResponse) t.translateResponse(upstream).response(), (short) 0, (short) 2);
    List<ProduceResponse.PartitionProduceResponse> ps = back.responses().get(0).partitionResponses();
    assertEquals(List.of(0, 1, 2), ps.stream().map(ProduceResponse.PartitionProduceResponse::index).toList());
    assertEquals(KafkaErrors.CORRUPT_MESSAGE, ps.get(0).errorCode());
    assertEquals(-1L, ps.get(0).baseOffset());
    assertEquals(10L, ps.get(1).baseOffset());
    assertEquals(KafkaErrors.NONE, ps.get(2).errorCode());
    assertEquals(-1L, ps.get(2).baseOffset());
  }

  private static ProduceRequest.PartitionProduceData partition(int index, Records records) {
    return new ProduceRequestBuilder.PartitionProduceDataBuilder().index(index).records(records).build();
  }

  private static Records corruptSet() {
    byte[] corrupt = messageSet((byte) 1, Compression.NONE).toByteArray();
    corrupt[20] ^= 0x55; // inside the first message: its CRC no longer matches
    return Records.wrap(corrupt);
  }

  private static ProduceResponse.PartitionProduceResponse written(int index, long offset) {
    return new ProduceResponseBuilder.PartitionProduceResponseBuilder().index(index).baseOffset(offset).build();
  }

  @Test
  void aPartitionRefusedByTheBridgeKeepsItsErrorWhateverTheBrokerAnswers() {
    // Partition 0 twice, its last set corrupt: the last entry is the one Kafka writes, so nothing of
    // partition 0 goes upstream, and even a broker answering for it cannot turn the refusal into success.
    ProduceRequest request = new ProduceRequestBuilder().acks((short) 1).timeoutMs(100).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("t").partitionData(List.of(
            partition(0, messageSet((byte) 1, Compression.NONE)), partition(1, messageSet((byte) 1, Compression.NONE)),
            partition(0, corruptSet()))).build())).build();
    RequestTranslation.Translated t = translate((short) 2, request);
    ProduceRequest up = (ProduceRequest) t.upstreamRequest();
    assertEquals(List.of(1), up.topicData().get(0).partitionData().stream()
        .map(ProduceRequest.PartitionProduceData::index).toList());
    assertTrue(t.notes().stream().anyMatch(n -> n.startsWith("t-0: named more than once")), t.notes().toString());
    ProduceResponse upstream = new ProduceResponseBuilder().responses(List.of(
        new ProduceResponseBuilder.TopicProduceResponseBuilder().name("t").partitionResponses(List.of(
            written(1, 10L), written(0, 77L))).build())).build();
    ProduceResponse back = Wire.response((ProduceResponse) t.translateResponse(upstream).response(), (short) 0, (short) 2);
    List<ProduceResponse.PartitionProduceResponse> ps = back.responses().get(0).partitionResponses();
    assertEquals(List.of(0, 1), ps.stream().map(ProduceResponse.PartitionProduceResponse::index).toList(),
        "each partition answered once, in the order it first appears");
    assertEquals(KafkaErrors.CORRUPT_MESSAGE, ps.get(0).errorCode());
    assertEquals(-1L, ps.get(0).baseOffset());
    assertEquals(10L, ps.get(1).baseOffset());
  }

  @Test
  void aPartitionNamedTwiceIsWrittenFromItsLastEntryAndAnsweredOnce() {
    // The same topic twice too: Kafka keys a Produce by topic and partition.
    ProduceRequest request = new ProduceRequestBuilder().acks((short) 1).timeoutMs(100).topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("t").partitionData(List.of(partition(0, corruptSet())))
            .build(),
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("t")
            .partitionData(List.of(partition(0, messageSet((byte) 0, Compression.NONE)))).build())).build();
    RequestTranslation.Translated t = translate((short) 1, request);
    ProduceRequest up = Wire.request((ProduceRequest) t.upstreamRequest(), (short) 0, (short) 3);
    assertEquals(1, up.topicData().size());
    assertEquals(1, up.topicData().get(0).partitionData().size());
    int records = 0;
    for (RecordBatch b : up.topicData().get(0).partitionData().get(0).records().batches()) {
      for (KafkaRecord r : b) {
        records++;
      }
    }
    assertEquals(RECORDS.length, records);
    ProduceResponse upstream = new ProduceResponseBuilder().responses(List.of(
        new ProduceResponseBuilder.TopicProduceResponseBuilder().name("t").partitionResponses(List.of(written(0, 5L)))
            .build())).build();
    ProduceResponse back = Wire.response((ProduceResponse) t.translateResponse(upstream).response(), (short) 0, (short) 1);
    assertEquals(1, back.responses().size());
    assertEquals(1, back.responses().get(0).partitionResponses().size());
    assertEquals(5L, back.responses().get(0).partitionResponses().get(0).baseOffset());
  }

  @Test
  void aRequestWithNothingToSendIsAnsweredLocally() {
    RequestTranslation.LocalResponse local = assertInstanceOf(RequestTranslation.LocalResponse.class,
        bridge.translateRequest(new RequestHeader((short) 0, (short) 1, 3, "p"),
            produce((short) 1, "t", 0, Records.wrap(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 30, 1, 2, 3, 4, 1}))));
    assertTrue(local.expectsResponse());
    assertTrue(local.reason().contains("CORRUPT_MESSAGE"), local.reason());
    ProduceResponse r = Wire.response((ProduceResponse) local.response(), (short) 0, (short) 1);
    assertEquals(KafkaErrors.CORRUPT_MESSAGE, r.responses().get(0).partitionResponses().get(0).errorCode());
  }

  @Test
  void aMagic2BatchCannotComeInAnOldProduce() {
    Records v2 = io.kwire.runtime.records.RecordBatchBuilder.create(0).append(1L, null, bytes("v")).build();
    RequestTranslation t = bridge.translateRequest(new RequestHeader((short) 0, (short) 2, 3, "p"),
        produce((short) 1, "t", 0, v2));
    RequestTranslation.LocalResponse local = assertInstanceOf(RequestTranslation.LocalResponse.class, t);
    assertTrue(local.reason().contains("magic 2"), local.reason());
  }
}
