package io.kwire.bridge;

import io.kwire.messages.FetchResponse;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.records.TimestampType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A partition's fetched records, as read committed, in the message format an old consumer reads
 * (magic 0 for Fetch v0-1, magic 1 for v2-3). Control batches are removed; transactional batches
 * of aborted transactions are removed, found as Kafka's consumer finds them (the response's
 * aborted transactions, each from its first offset until the producer's ABORT marker). Every other
 * batch becomes one message set entry per record (uncompressed) or one compressed wrapper (same
 * codec); offsets are kept, timestamps and their type kept for magic 1, headers dropped (counted).
 * As Kafka's down-conversion does, an uncompressed batch loses the records before the fetch
 * offset, while a compressed one is kept whole (the consumer skips them). A batch already in the
 * target format or older is copied as it is; a partial batch at the end is left out.
 */
final class FetchDownConverter {
  /**
   * The converted set, its message (entry) boundaries, what was left out, and the offset after the
   * last whole batch read ({@code -1} when there was none): where a fetch goes on when everything
   * was left out.
   */
  record Result(Records records, int[] entryEnds, int headersDropped, int controlBatches, int abortedBatches,
      long nextOffset) {}

  private FetchDownConverter() {}

  static Result convert(Records fetched, byte toMagic, long fetchOffset,
      List<FetchResponse.AbortedTransaction> abortedTransactions) {
    PriorityQueue<FetchResponse.AbortedTransaction> aborted =
        new PriorityQueue<>(Comparator.comparingLong(FetchResponse.AbortedTransaction::firstOffset));
    if (abortedTransactions != null) {
      aborted.addAll(abortedTransactions);
    }
    Set<Long> abortedProducers = new HashSet<>();
    List<Records> parts = new ArrayList<>();
    int headers = 0;
    int control = 0;
    int abortedBatches = 0;
    ReadOptions options = ReadOptions.DEFAULT.withSkipPartialTrailingBatch(true);
    long nextOffset = -1;
    for (RecordBatch batch : fetched.batches(options)) {
      nextOffset = batch.lastOffset() + 1;
      while (!aborted.isEmpty() && aborted.peek().firstOffset() <= batch.lastOffset()) {
        abortedProducers.add(aborted.poll().producerId());
      }
      if (batch instanceof RecordBatchV2 v2 && v2.isControl()) {
        if (v2.isTransactional() && isAbortMarker(v2)) {
          abortedProducers.remove(v2.producerId());
        }
        control++;
        continue;
      }
      if (batch instanceof RecordBatchV2 v2 && v2.isTransactional() && abortedProducers.contains(v2.producerId())) {
        abortedBatches++;
        continue;
      }
      if (batch.magic() <= toMagic) {
        parts.add(batch.bytes());
        continue;
      }
      if (batch.compression() == Compression.ZSTD) {
        throw new UnconvertibleRecordsException("zstd batch at offset " + batch.baseOffset()
            + ": magic " + toMagic + " has no zstd");
      }
      List<KafkaRecord> records = new ArrayList<>();
      boolean compressed = batch.compression() != Compression.NONE;
      for (KafkaRecord r : batch) {
        if (compressed || r.offset() >= fetchOffset) {
          records.add(r);
        }
      }
      if (records.isEmpty()) {
        continue;
      }
      LegacyRecordsBuilder builder = LegacyRecordsBuilder.create(toMagic, records.get(0).offset())
          .compression(batch.compression());
      if (toMagic > 0 && batch.timestampType() == TimestampType.LOG_APPEND_TIME && batch instanceof RecordBatchV2 v2) {
        builder.timestampType(TimestampType.LOG_APPEND_TIME, v2.maxTimestamp());
      }
      for (KafkaRecord r : records) {
        headers += r.headerCount();
        builder.appendWithOffset(r.offset(), r.timestamp(), r.keyBytes(), r.valueBytes());
      }
      parts.add(builder.build());
    }
    Records out = Records.concat(parts);
    return new Result(out, entryEnds(out), headers, control, abortedBatches, nextOffset);
  }

  /** A control batch's first record says whether it is an ABORT marker. */
  private static boolean isAbortMarker(RecordBatchV2 batch) {
    Iterator<KafkaRecord> it = batch.iterator();
    return it.hasNext() && ControlRecords.type(it.next()) == ControlRecords.ABORT;
  }

  /** Where each top-level entry (a message, or a compressed wrapper) ends. */
  private static int[] entryEnds(Records set) {
    List<Integer> ends = new ArrayList<>();
    for (RecordBatch entry : set.batches(ReadOptions.DEFAULT.withVerifyCrc(false))) {
      ends.add(entry.position() + entry.sizeInBytes());
    }
    return ends.stream().mapToInt(Integer::intValue).toArray();
  }
}
