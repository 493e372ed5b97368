package io.kwire.tests.records;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.record.internal.CompressionType;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.MemoryRecordsBuilder;
import org.apache.kafka.common.record.internal.MutableRecordBatch;
import org.apache.kafka.common.record.internal.Record;
import org.apache.kafka.common.record.internal.RecordBatch;

/** Builds and reads v2 batches with kafka-clients 4.4.0, the oracle. */
final class KafkaSide {
  private KafkaSide() {}

  static Compression compression(String kwireName) {
    return Compression.of(CompressionType.forName(kwireName.toLowerCase(java.util.Locale.ROOT))).build();
  }

  /** Fields of a v2 batch for Kafka's builder; -1 values mean none. */
  record Params(String compression, TimestampType timestampType, long baseOffset, long logAppendTime,
      long producerId, short producerEpoch, int baseSequence, boolean transactional, int partitionLeaderEpoch) {
    static Params plain(String compression, long baseOffset) {
      return new Params(compression, TimestampType.CREATE_TIME, baseOffset, -1, -1, (short) -1, -1, false, -1);
    }
  }

  static byte[] build(Params p, List<RecordSpec> specs) {
    MemoryRecordsBuilder builder = MemoryRecords.builder(ByteBuffer.allocate(1024), RecordBatch.MAGIC_VALUE_V2,
        compression(p.compression()), p.timestampType(), p.baseOffset(), p.logAppendTime(), p.producerId(),
        p.producerEpoch(), p.baseSequence(), p.transactional(), false, p.partitionLeaderEpoch());
    for (RecordSpec s : specs) {
      Header[] headers = new Header[s.headerKeys().size()];
      for (int h = 0; h < headers.length; h++) {
        headers[h] = new RecordHeader(s.headerKeys().get(h), s.headerValues().get(h));
      }
      builder.append(s.timestamp(), s.key(), s.value(), headers);
    }
    return toBytes(builder.build().buffer());
  }

  static byte[] toBytes(ByteBuffer buffer) {
    ByteBuffer b = buffer.duplicate();
    byte[] out = new byte[b.remaining()];
    b.get(out);
    return out;
  }

  /** Reads every batch, validating each as Kafka's consumer does. */
  static List<BatchInfo> read(byte[] bytes) {
    List<BatchInfo> out = new ArrayList<>();
    for (MutableRecordBatch batch : MemoryRecords.readableRecords(ByteBuffer.wrap(bytes)).batches()) {
      batch.ensureValid();
      List<Rec> recs = new ArrayList<>();
      for (Record r : batch) {
        r.ensureValid();
        List<String> headers = new ArrayList<>();
        for (Header h : r.headers()) {
          headers.add(Rec.header(h.key(), h.value()));
        }
        recs.add(new Rec(r.offset(), r.timestamp(), r.sequence(), Rec.hex(r.key()), Rec.hex(r.value()), headers));
      }
      out.add(new BatchInfo(batch.magic(), batch.baseOffset(), batch.lastOffset(), batch.compressionType().id,
          batch.timestampType().name(), batch.isTransactional(), batch.isControlBatch(), batch.producerId(),
          batch.producerEpoch(), batch.baseSequence(), batch.partitionLeaderEpoch(), batch.maxTimestamp(), recs));
    }
    return out;
  }
}
