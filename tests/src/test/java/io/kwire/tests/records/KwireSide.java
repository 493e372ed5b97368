package io.kwire.tests.records;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.LegacyRecordBatch;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;

/** Builds and reads batches with kwire. */
final class KwireSide {
  private KwireSide() {}

  static void appendAll(RecordBatchBuilder builder, List<RecordSpec> specs) {
    for (RecordSpec s : specs) {
      Header[] headers = new Header[s.headerKeys().size()];
      for (int h = 0; h < headers.length; h++) {
        headers[h] = new Header(s.headerKeys().get(h), s.headerValues().get(h));
      }
      builder.append(s.timestamp(), s.key(), s.value(), headers);
    }
  }

  static List<BatchInfo> read(byte[] bytes) {
    List<BatchInfo> out = new ArrayList<>();
    for (RecordBatch batch : Records.wrap(bytes).batches()) {
      List<Rec> recs = new ArrayList<>();
      for (KafkaRecord r : batch) {
        List<String> headers = new ArrayList<>();
        r.headers().forEach(h -> headers.add(Rec.header(h.key(), h.value())));
        recs.add(new Rec(r.offset(), r.timestamp(), r.sequence(), Rec.hex(r.keyBytes()), Rec.hex(r.valueBytes()), headers));
      }
      if (batch instanceof RecordBatchV2 v2) {
        out.add(new BatchInfo(v2.magic(), v2.baseOffset(), v2.lastOffset(), v2.compression().id(),
            v2.timestampType().name(), v2.isTransactional(), v2.isControl(), v2.producerId(), v2.producerEpoch(),
            v2.baseSequence(), v2.partitionLeaderEpoch(), v2.maxTimestamp(), recs));
      } else {
        LegacyRecordBatch legacy = (LegacyRecordBatch) batch;
        out.add(new BatchInfo(legacy.magic(), legacy.baseOffset(), legacy.lastOffset(), legacy.compression().id(),
            legacy.timestampType().name(), false, false, -1, (short) -1, -1, -1, legacy.timestamp(), recs));
      }
    }
    return out;
  }

  static Compression compression(String name) {
    return Compression.valueOf(name);
  }
}
