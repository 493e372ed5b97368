package io.kwire.bridge;

import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.records.TimestampType;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A partition's log as a 4.x broker serves it: plain batches (one with headers, one compressed with
 * log-append time, one compacted with an offset gap), a committed and an aborted transaction with
 * their markers.
 */
final class FetchLog {
  static final long PRODUCER_ABORTED = 7;
  static final long PRODUCER_COMMITTED = 9;
  static final long LOG_APPEND_TIME = 1_700_000_000_999L;
  /** The offsets a read-committed consumer sees. */
  static final List<Long> VISIBLE = List.of(0L, 1L, 2L, 3L, 4L, 5L, 9L, 10L, 12L, 14L);

  private FetchLog() {}

  static Records log(Compression compressed) {
    return Records.concat(
        RecordBatchBuilder.create(0)
            .append(1000, utf8("k0"), utf8("v0"), new Header("h", utf8("x")))
            .append(1001, null, utf8("v1"), new Header("a", null), new Header("b", utf8("y")))
            .append(1002, utf8("k2"), null).build(),
        RecordBatchBuilder.create(3).compression(compressed).timestampType(TimestampType.LOG_APPEND_TIME, LOG_APPEND_TIME)
            .append(LOG_APPEND_TIME, utf8("k3"), utf8("v3")).append(LOG_APPEND_TIME, utf8("k4"), utf8("v4"))
            .append(LOG_APPEND_TIME, utf8("k5"), utf8("v5")).build(),
        RecordBatchBuilder.create(6).transactional(true).producer(PRODUCER_ABORTED, (short) 0, 0)
            .append(1006, utf8("k6"), utf8("aborted")).append(1007, utf8("k7"), utf8("aborted")).build(),
        RecordBatchBuilder.create(8).transactional(true).control(true).producer(PRODUCER_ABORTED, (short) 0, -1)
            .appendEndTxnMarker(1008, new EndTxnMarker(false, 0)).build(),
        RecordBatchBuilder.create(9).transactional(true).producer(PRODUCER_COMMITTED, (short) 0, 0)
            .append(1009, utf8("k9"), utf8("v9")).append(1010, utf8("k10"), utf8("v10")).build(),
        RecordBatchBuilder.create(11).transactional(true).control(true).producer(PRODUCER_COMMITTED, (short) 0, -1)
            .appendEndTxnMarker(1011, new EndTxnMarker(true, 0)).build(),
        RecordBatchBuilder.create(12).append(1012, utf8("k12"), utf8("v12"))
            .appendWithOffset(14, 1014, utf8("k14"), utf8("v14")).build());
  }

  static List<FetchResponse.AbortedTransaction> aborted() {
    return List.of(new FetchResponse.AbortedTransaction(PRODUCER_ABORTED, 6, UnknownTaggedFields.EMPTY));
  }

  static FetchResponse response(String topic, Records... partitions) {
    List<FetchResponse.PartitionData> ps = new ArrayList<>();
    for (int i = 0; i < partitions.length; i++) {
      ps.add(new FetchResponseBuilder.PartitionDataBuilder().partitionIndex(i).highWatermark(15L)
          .lastStableOffset(15L).abortedTransactions(aborted()).records(partitions[i]).build());
    }
    return new FetchResponseBuilder().throttleTimeMs(3).responses(List.of(
        new FetchResponseBuilder.FetchableTopicResponseBuilder().topic(topic).partitions(ps).build())).build();
  }

  static byte[] utf8(String s) {
    return s == null ? null : s.getBytes(StandardCharsets.UTF_8);
  }

  /** One record as an old consumer reads it. */
  record Seen(byte magic, long offset, long timestamp, String key, String value) {}

  static List<Seen> read(Records set) {
    List<Seen> out = new ArrayList<>();
    for (RecordBatch b : set.batches()) {
      for (KafkaRecord r : b) {
        out.add(new Seen(b.magic(), r.offset(), r.timestamp(), str(r.keyBytes()), str(r.valueBytes())));
      }
    }
    return out;
  }

  private static String str(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }
}
