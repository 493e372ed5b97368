package io.kwire.tests.frames;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordsBuilder;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * One partition's record set, built batch by batch with kwire at consecutive offsets, together with
 * the records it should read back as (a truncated trailing batch reads back as nothing).
 */
final class PartitionRecords {
  private final List<Records> parts = new ArrayList<>();
  private final List<ReadRecord> expected = new ArrayList<>();
  private long nextOffset;

  PartitionRecords(long firstOffset) {
    this.nextOffset = firstOffset;
  }

  PartitionRecords batch(Compression compression, List<SampleRecord> samples) {
    return batch(b -> b.compression(compression), samples);
  }

  /** A v2 batch; {@code configure} may set compression, producer fields, the transactional flag. */
  PartitionRecords batch(UnaryOperator<RecordBatchBuilder> configure, List<SampleRecord> samples) {
    parts.add(build(configure, samples));
    for (SampleRecord s : samples) {
      expected.add(ReadRecord.expected(nextOffset++, s.timestamp(), s));
    }
    return this;
  }

  /** A control batch holding one ABORT marker for the producer's open transaction. */
  PartitionRecords abortMarker(long producerId, short producerEpoch, long timestamp) {
    EndTxnMarker marker = new EndTxnMarker(false, 9);
    parts.add(RecordBatchBuilder.create(nextOffset).producer(producerId, producerEpoch, -1)
        .transactional(true).control(true).appendEndTxnMarker(timestamp, marker).build());
    expected.add(new ReadRecord(nextOffset++, timestamp, ReadRecord.hex(ControlRecords.key(ControlRecords.ABORT)),
        ReadRecord.hex(marker.value()), List.of()));
    return this;
  }

  /** A batch cut short, as a broker's byte limit cuts the last batch of a Fetch response. */
  PartitionRecords truncatedBatch(Compression compression, List<SampleRecord> samples) {
    Records whole = build(b -> b.compression(compression), samples);
    parts.add(Records.wrap(whole.array(), whole.arrayOffset(), whole.sizeInBytes() / 2));
    return this;
  }

  /** A magic 0 or 1 message set; headers are dropped (the format has none), magic 0 has no timestamps. */
  PartitionRecords legacy(byte magic, Compression compression, List<SampleRecord> samples) {
    LegacyRecordsBuilder builder = LegacyRecordsBuilder.create(magic, nextOffset).compression(compression);
    for (SampleRecord s : samples) {
      builder.append(s.timestamp(), s.key(), s.value());
      SampleRecord plain = new SampleRecord(s.timestamp(), s.key(), s.value(), List.of());
      expected.add(ReadRecord.expected(nextOffset++, magic == 0 ? -1 : s.timestamp(), plain));
    }
    parts.add(builder.build());
    return this;
  }

  private RecordBatchBuilder appendAll(RecordBatchBuilder builder, List<SampleRecord> samples) {
    for (SampleRecord s : samples) {
      builder.append(s.timestamp(), s.key(), s.value(), s.headers().toArray(Header[]::new));
    }
    return builder;
  }

  private Records build(UnaryOperator<RecordBatchBuilder> configure, List<SampleRecord> samples) {
    return appendAll(configure.apply(RecordBatchBuilder.create(nextOffset)), samples).build();
  }

  /** The batches back to back in one array. */
  Records records() {
    return Records.concat(parts);
  }

  List<ReadRecord> expected() {
    return List.copyOf(expected);
  }

  /** Every record of every batch, read with kwire. */
  static List<ReadRecord> read(Records records, ReadOptions options) {
    List<ReadRecord> out = new ArrayList<>();
    for (RecordBatch batch : records.batches(options)) {
      for (KafkaRecord r : batch) {
        out.add(ReadRecord.of(r));
      }
    }
    return out;
  }
}
