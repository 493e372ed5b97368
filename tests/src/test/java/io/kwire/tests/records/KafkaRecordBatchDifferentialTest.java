package io.kwire.tests.records;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import java.util.List;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.ControlRecordType;
import org.apache.kafka.common.record.internal.EndTransactionMarker;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * RecordBatch v2 against kafka-clients 4.4.0: what kwire builds Kafka reads identically, what Kafka
 * builds kwire reads identically, and uncompressed batches are byte-identical both ways.
 */
class KafkaRecordBatchDifferentialTest {
  private static final String[] CODECS = {"NONE", "GZIP", "SNAPPY", "LZ4", "ZSTD"};

  private static RecordBatchBuilder kwireBuilder(KafkaSide.Params p) {
    RecordBatchBuilder b = RecordBatchBuilder.create(p.baseOffset())
        .compression(KwireSide.compression(p.compression()))
        .partitionLeaderEpoch(p.partitionLeaderEpoch())
        .producer(p.producerId(), p.producerEpoch(), p.baseSequence())
        .transactional(p.transactional());
    if (p.timestampType() == TimestampType.LOG_APPEND_TIME) {
      b.timestampType(io.kwire.runtime.records.TimestampType.LOG_APPEND_TIME, p.logAppendTime());
    }
    return b;
  }

  private static byte[] kwireBuild(KafkaSide.Params p, List<RecordSpec> specs) {
    RecordBatchBuilder b = kwireBuilder(p);
    KwireSide.appendAll(b, specs);
    return b.build().toByteArray();
  }

  private static List<KafkaSide.Params> variants(String codec) {
    return List.of(
        KafkaSide.Params.plain(codec, 0),
        new KafkaSide.Params(codec, TimestampType.CREATE_TIME, 1234567, -1, 4242L, (short) 7, 1000, false, 12),
        new KafkaSide.Params(codec, TimestampType.CREATE_TIME, 99, -1, 555L, (short) 1, Integer.MAX_VALUE - 10, true, 3),
        new KafkaSide.Params(codec, TimestampType.LOG_APPEND_TIME, 5, 1_800_000_000_000L, -1, (short) -1, -1, false, -1));
  }

  @ParameterizedTest
  @ValueSource(strings = {"NONE", "GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void kafkaReadsWhatKwireBuilds(String codec) {
    long seed = 1000;
    for (KafkaSide.Params p : variants(codec)) {
      List<RecordSpec> specs = RecordSpec.random(seed++, 300);
      byte[] kwire = kwireBuild(p, specs);
      List<BatchInfo> expected = KafkaSide.read(KafkaSide.build(p, specs));
      assertEquals(expected, KafkaSide.read(kwire), () -> "Kafka reading kwire's " + p);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"NONE", "GZIP", "SNAPPY", "LZ4", "ZSTD"})
  void kwireReadsWhatKafkaBuilds(String codec) {
    long seed = 2000;
    for (KafkaSide.Params p : variants(codec)) {
      List<RecordSpec> specs = RecordSpec.random(seed++, 300);
      byte[] kafka = KafkaSide.build(p, specs);
      assertEquals(KafkaSide.read(kafka), KwireSide.read(kafka), () -> "kwire reading Kafka's " + p);
    }
  }

  @Test
  void uncompressedBatchesAreByteIdentical() {
    long seed = 3000;
    for (KafkaSide.Params p : variants("NONE")) {
      List<RecordSpec> specs = RecordSpec.random(seed++, 200);
      assertArrayEquals(KafkaSide.build(p, specs), kwireBuild(p, specs), () -> "bytes of " + p);
    }
  }

  @Test
  void manyRecordsSpanSeveralCompressionBlocks() {
    List<RecordSpec> specs = RecordSpec.random(4000, 5000); // about 1 MB: many lz4 and snappy blocks
    for (String codec : CODECS) {
      KafkaSide.Params p = KafkaSide.Params.plain(codec, 10);
      List<BatchInfo> expected = KafkaSide.read(KafkaSide.build(p, specs));
      assertEquals(expected, KafkaSide.read(kwireBuild(p, specs)), codec);
      assertEquals(expected, KwireSide.read(KafkaSide.build(p, specs)), codec);
    }
  }

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void transactionMarkersMatchKafka(boolean commit) {
    EndTransactionMarker marker = new EndTransactionMarker(commit ? ControlRecordType.COMMIT : ControlRecordType.ABORT, 21);
    byte[] kafka = KafkaSide.toBytes(MemoryRecords.withEndTransactionMarker(700L, 1_700_000_000_123L, 5, 88L, (short) 4, marker).buffer());
    byte[] kwire = RecordBatchBuilder.create(700L).control(true).transactional(true).partitionLeaderEpoch(5)
        .producer(88L, (short) 4, -1).appendEndTxnMarker(1_700_000_000_123L, new EndTxnMarker(commit, 21))
        .build().toByteArray();
    assertArrayEquals(kafka, kwire);
    assertEquals(KafkaSide.read(kafka), KwireSide.read(kafka));

    KafkaRecord r = RecordBatchV2.of(Records.wrap(kafka), ReadOptions.DEFAULT).iterator().next();
    assertEquals(new EndTxnMarker(commit, 21), ControlRecords.endTxnMarker(r));
    assertTrue(KafkaSide.read(kwire).get(0).control());
  }
}
