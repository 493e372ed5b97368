package io.kwire.e2e.client;

import static io.kwire.e2e.client.Broker.call;
import static io.kwire.e2e.client.Broker.version;
import static io.kwire.e2e.client.DataPlane.READ_UNCOMMITTED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.e2e.client.DataPlane.Topic;
import io.kwire.messages.DeleteRecordsRequestBuilder;
import io.kwire.messages.DeleteRecordsRequestCodec;
import io.kwire.messages.DeleteRecordsResponse;
import io.kwire.messages.DeleteRecordsResponseCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.ProduceResponse;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.records.TimestampType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/**
 * An idempotent producer made of kwire: InitProducerId, then batches kwire built in every
 * compression codec, one partition per codec, fetched back and compared record for record;
 * ListOffsets and DeleteRecords on what was written.
 */
class ProduceFetchE2ETest {
  private static final Compression[] CODECS = Compression.values();
  private static final int PER_BATCH = 3;
  /**
   * Near the broker's clock: a segment rolls when a batch's timestamp is log.roll.ms (7 days) past
   * its first batch's, and transaction markers carry the broker's time, so older record timestamps
   * would split a transaction's log into segments, which one fetch does not cross.
   */
  static final long BASE_TIME = System.currentTimeMillis() - 60_000;

  /** What a record should read back as. */
  record Sent(long timestamp, byte[] key, byte[] value, List<Header> headers) {}

  @Test
  void idempotentBatchesInEveryCodecComeBackRecordForRecord() {
    try (KwireClient client = Broker.connect()) {
      String name = Broker.uniqueTopic("codecs");
      Topic topic = new Topic(name, Broker.createTopic(client, name, CODECS.length));
      InitProducerIdResponse producer = DataPlane.initProducerId(client, null);
      assertEquals(Errors.NONE.code(), producer.errorCode());
      assertTrue(producer.producerId() >= 0);

      // Two batches per partition: sequences 0 and PER_BATCH, as an idempotent producer numbers them.
      Map<Integer, List<Sent>> sent = new LinkedHashMap<>();
      for (int round = 0; round < 2; round++) {
        Map<Integer, Records> batches = new LinkedHashMap<>();
        for (int p = 0; p < CODECS.length; p++) {
          List<Sent> records = records(p, round);
          sent.computeIfAbsent(p, k -> new ArrayList<>()).addAll(records);
          batches.put(p, batch(CODECS[p], producer, round * PER_BATCH, records));
        }
        SortedMap<Integer, ProduceResponse.PartitionProduceResponse> answers = DataPlane.produce(client, null, topic, batches);
        assertEquals(CODECS.length, answers.size());
        for (var answer : answers.values()) {
          assertEquals(Errors.NONE.code(), answer.errorCode(), CODECS[answer.index()] + ": " + answer.errorMessage());
          assertEquals((long) round * PER_BATCH, answer.baseOffset(), CODECS[answer.index()].toString());
          assertEquals(0, answer.logStartOffset());
        }
      }

      // The same first batch again is a duplicate: acknowledged at its first offset, not appended.
      SortedMap<Integer, ProduceResponse.PartitionProduceResponse> duplicate = DataPlane.produce(client, null, topic,
          Map.of(0, batch(CODECS[0], producer, 0, records(0, 0))));
      assertEquals(Errors.NONE.code(), duplicate.get(0).errorCode());
      assertEquals(0, duplicate.get(0).baseOffset());

      Map<Integer, Long> fromStart = new LinkedHashMap<>();
      for (int p = 0; p < CODECS.length; p++) {
        fromStart.put(p, 0L);
      }
      SortedMap<Integer, FetchResponse.PartitionData> fetched = DataPlane.fetch(client, topic, READ_UNCOMMITTED, fromStart);
      for (int p = 0; p < CODECS.length; p++) {
        FetchResponse.PartitionData data = fetched.get(p);
        assertEquals(Errors.NONE.code(), data.errorCode(), CODECS[p].toString());
        assertEquals(2L * PER_BATCH, data.highWatermark());
        assertReadBack(CODECS[p], producer, sent.get(p), data.records());
      }
    }
  }

  @Test
  void listOffsetsAndDeleteRecordsMoveTheLogStart() {
    try (KwireClient client = Broker.connect()) {
      String name = Broker.uniqueTopic("offsets");
      Topic topic = new Topic(name, Broker.createTopic(client, name, 1));
      InitProducerIdResponse producer = DataPlane.initProducerId(client, null);
      List<Sent> records = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        // Timestamps out of order, so that the max-timestamp lookup has something to find.
        records.add(new Sent(BASE_TIME + (i == 2 ? 500 : i * 10), bytes("k" + i), bytes("v" + i), List.of()));
      }
      assertEquals(Errors.NONE.code(), DataPlane.produce(client, null, topic,
          Map.of(0, batch(Compression.NONE, producer, 0, records))).get(0).errorCode());

      assertOffset(0, DataPlane.listOffset(client, topic, 0, -2, READ_UNCOMMITTED));
      assertOffset(5, DataPlane.listOffset(client, topic, 0, -1, READ_UNCOMMITTED));
      var maxTimestamp = DataPlane.listOffset(client, topic, 0, -3, READ_UNCOMMITTED);
      assertOffset(2, maxTimestamp);
      assertEquals(BASE_TIME + 500, maxTimestamp.timestamp());
      // The first offset whose timestamp is at least the one asked for.
      var byTime = DataPlane.listOffset(client, topic, 0, BASE_TIME + 25, READ_UNCOMMITTED);
      assertOffset(2, byTime);

      DeleteRecordsResponse deleted = call(client, DeleteRecordsRequestCodec.INSTANCE, DeleteRecordsResponseCodec.INSTANCE,
          version(21), new DeleteRecordsRequestBuilder().timeoutMs(30_000)
              .topics(List.of(new DeleteRecordsRequestBuilder.DeleteRecordsTopicBuilder().name(name)
                  .partitions(List.of(new DeleteRecordsRequestBuilder.DeleteRecordsPartitionBuilder()
                      .partitionIndex(0).offset(3).build()))
                  .build()))
              .build());
      DeleteRecordsResponse.DeleteRecordsPartitionResult result = deleted.topics().get(0).partitions().get(0);
      assertEquals(Errors.NONE.code(), result.errorCode());
      assertEquals(3, result.lowWatermark());
      assertOffset(3, DataPlane.listOffset(client, topic, 0, -2, READ_UNCOMMITTED));

      FetchResponse.PartitionData below = DataPlane.fetch(client, topic, READ_UNCOMMITTED, Map.of(0, 0L)).get(0);
      assertEquals(Errors.OFFSET_OUT_OF_RANGE.code(), below.errorCode());
      FetchResponse.PartitionData rest = DataPlane.fetch(client, topic, READ_UNCOMMITTED, Map.of(0, 3L)).get(0);
      assertEquals(Errors.NONE.code(), rest.errorCode());
      assertEquals(3, rest.logStartOffset());
      List<Long> offsets = new ArrayList<>();
      for (RecordBatch batch : rest.records().batches()) {
        for (KafkaRecord record : batch) {
          if (record.offset() >= 3) {
            offsets.add(record.offset());
          }
        }
      }
      // The batch is returned whole; a client skips the records below its fetch offset.
      assertEquals(List.of(3L, 4L), offsets);
    }
  }

  private static void assertOffset(long expected, io.kwire.messages.ListOffsetsResponse.ListOffsetsPartitionResponse answer) {
    assertEquals(Errors.NONE.code(), answer.errorCode());
    assertEquals(expected, answer.offset());
  }

  /** Three records per batch: a null key, a null value and a null header value among them. */
  static List<Sent> records(int partition, int round) {
    List<Sent> records = new ArrayList<>();
    for (int i = 0; i < PER_BATCH; i++) {
      String id = partition + "-" + round + "-" + i;
      byte[] key = i == 1 ? null : bytes("key-" + id);
      byte[] value = i == 2 ? null : bytes(("value-" + id + "-").repeat(20));
      List<Header> headers = List.of(new Header("h", bytes("hv-" + id)), new Header("empty", null));
      records.add(new Sent(BASE_TIME + round * 100 + i, key, value, headers));
    }
    return records;
  }

  static Records batch(Compression codec, InitProducerIdResponse producer, int baseSequence, List<Sent> records) {
    return batch(RecordBatchBuilder.create(0).compression(codec)
        .producer(producer.producerId(), producer.producerEpoch(), baseSequence), records);
  }

  static Records batch(RecordBatchBuilder builder, List<Sent> records) {
    for (Sent record : records) {
      builder.append(record.timestamp(), record.key(), record.value(), record.headers().toArray(Header[]::new));
    }
    return builder.build();
  }

  private static void assertReadBack(Compression codec, InitProducerIdResponse producer, List<Sent> sent, Records records) {
    List<KafkaRecord> read = new ArrayList<>();
    int batches = 0;
    for (RecordBatch batch : records.batches()) {
      RecordBatchV2 v2 = (RecordBatchV2) batch;
      v2.ensureValid();
      assertEquals(codec, v2.compression());
      assertEquals(TimestampType.CREATE_TIME, v2.timestampType());
      assertEquals(producer.producerId(), v2.producerId());
      assertEquals(producer.producerEpoch(), v2.producerEpoch());
      assertEquals(batches * PER_BATCH, v2.baseSequence());
      assertEquals(batches * PER_BATCH, v2.baseOffset());
      assertFalse(v2.isTransactional());
      assertFalse(v2.isControl());
      for (KafkaRecord record : batch) {
        read.add(record.copy());
      }
      batches++;
    }
    assertEquals(2, batches, codec.toString());
    assertEquals(sent.size(), read.size());
    for (int i = 0; i < sent.size(); i++) {
      assertEquals(i, read.get(i).offset(), codec + " record " + i);
      assertRecord(sent.get(i), read.get(i), codec + " record " + i);
    }
  }

  /** Key, value, headers and timestamp as sent. */
  static void assertRecord(Sent expected, KafkaRecord actual, String where) {
    assertEquals(expected.timestamp(), actual.timestamp(), where);
    assertArrayEquals(expected.key(), actual.hasKey() ? actual.keyBytes() : null, where);
    assertArrayEquals(expected.value(), actual.hasValue() ? actual.valueBytes() : null, where);
    assertEquals(expected.headers(), actual.headers(), where);
  }

  static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
