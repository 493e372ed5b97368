package io.kwire.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FetchTranslationTest {
  private final BridgeTranslator bridge = new BridgeTranslator(Brokers.kafka44());

  static FetchRequest fetch(int maxBytes, long fetchOffset, int partitionMaxBytes, int partitions) {
    List<FetchRequest.FetchPartition> ps = new ArrayList<>();
    for (int i = 0; i < partitions; i++) {
      ps.add(new FetchRequestBuilder.FetchPartitionBuilder().partition(i).fetchOffset(fetchOffset)
          .partitionMaxBytes(partitionMaxBytes).build());
    }
    return new FetchRequestBuilder().replicaId(-1).maxWaitMs(500).minBytes(1).maxBytes(maxBytes)
        .topics(List.of(new FetchRequestBuilder.FetchTopicBuilder().topic("t").partitions(ps).build())).build();
  }

  private RequestTranslation.Translated translate(short version, FetchRequest request) {
    FetchRequest decoded = Wire.request(request, (short) 1, version);
    return assertInstanceOf(RequestTranslation.Translated.class,
        bridge.translateRequest(new RequestHeader((short) 1, version, 9, "c"), decoded));
  }

  private static FetchResponse back(RequestTranslation.Translated t, FetchResponse upstream, short version) {
    FetchResponse decodedUpstream = Wire.response(upstream, (short) 1, t.upstreamHeader().requestApiVersion());
    return Wire.response((FetchResponse) t.translateResponse(decodedUpstream).response(), (short) 1, version);
  }

  @Test
  void theUpstreamFetchIsV4ReadCommittedWithTheClientsSizes() {
    for (short v = 0; v <= 3; v++) {
      RequestTranslation.Translated t = translate(v, fetch(5000, 42, 1000, 2));
      assertEquals(4, t.upstreamHeader().requestApiVersion());
      FetchRequest up = Wire.request((FetchRequest) t.upstreamRequest(), (short) 1, (short) 4);
      assertEquals(FetchTranslation.READ_COMMITTED, up.isolationLevel());
      assertEquals(v >= 3 ? 5000 : Integer.MAX_VALUE, up.maxBytes());
      assertEquals(500, up.maxWaitMs());
      assertEquals(1, up.minBytes());
      assertEquals(-1, up.replicaId());
      assertEquals(42L, up.topics().get(0).partitions().get(1).fetchOffset());
      assertEquals(1000, up.topics().get(0).partitions().get(1).partitionMaxBytes());
    }
  }

  @ParameterizedTest
  @CsvSource({"0,NONE", "1,GZIP", "2,SNAPPY", "3,LZ4", "0,LZ4", "2,GZIP"})
  void batchesBecomeTheOldFormatReadCommitted(short version, Compression codec) {
    RequestTranslation.Translated t = translate(version, fetch(Integer.MAX_VALUE, 0, 1 << 20, 1));
    ResponseTranslation rt = t.translateResponse(Wire.response(FetchLog.response("t", FetchLog.log(codec)), (short) 1, (short) 4));
    FetchResponse back = Wire.response((FetchResponse) rt.response(), (short) 1, version);
    FetchResponse.PartitionData p = back.responses().get(0).partitions().get(0);
    assertEquals(15L, p.highWatermark());
    List<FetchLog.Seen> seen = FetchLog.read(p.records());
    byte magic = (byte) (version <= 1 ? 0 : 1);
    assertEquals(FetchLog.VISIBLE, seen.stream().map(FetchLog.Seen::offset).toList());
    for (FetchLog.Seen s : seen) {
      assertEquals(magic, s.magic());
      long expected = magic == 0 ? -1 : s.offset() >= 3 && s.offset() <= 5 ? FetchLog.LOG_APPEND_TIME : 1000 + s.offset();
      assertEquals(expected, s.timestamp(), "timestamp of offset " + s.offset());
    }
    assertEquals(new FetchLog.Seen(magic, 1, magic == 0 ? -1 : 1001, null, "v1"), seen.get(1));
    assertEquals(new FetchLog.Seen(magic, 2, magic == 0 ? -1 : 1002, "k2", null), seen.get(2));
    for (RecordBatch entry : p.records().batches()) {
      assertTrue(entry.compression() == Compression.NONE || entry.compression() == codec);
    }
    String notes = rt.notes().toString();
    assertTrue(notes.contains("t-0: 3 record header(s) dropped"), notes);
    assertTrue(notes.contains("t-0: 2 control batch(es) removed"), notes);
    assertTrue(notes.contains("t-0: 1 aborted transactional batch(es) removed"), notes);
    assertEquals(version >= 1 ? 3 : 0, back.throttleTimeMs());
  }

  @Test
  void recordsBeforeTheFetchOffsetLeaveUncompressedBatchesButNotCompressedOnes() {
    RequestTranslation.Translated t = translate((short) 2, fetch(Integer.MAX_VALUE, 4, 1 << 20, 1));
    Records log = Records.concat(
        RecordBatchBuilder.create(0).append(1, null, FetchLog.utf8("a")).append(2, null, FetchLog.utf8("b")).build(),
        RecordBatchBuilder.create(2).compression(Compression.GZIP).append(3, null, FetchLog.utf8("c"))
            .append(4, null, FetchLog.utf8("d")).append(5, null, FetchLog.utf8("e")).build(),
        RecordBatchBuilder.create(5).append(6, null, FetchLog.utf8("f")).build());
    // a fetch from 4 starts inside the gzip batch; the plain batch before it is where a broker would not start,
    // but it shows the rule
    FetchResponse back = back(t, FetchLog.response("t", log), (short) 2);
    List<Long> offsets = FetchLog.read(back.responses().get(0).partitions().get(0).records()).stream()
        .map(FetchLog.Seen::offset).toList();
    assertEquals(List.of(2L, 3L, 4L, 5L), offsets);
  }

  /** The sizes of the entries FetchLog's log becomes at magic 1 (or 0), uncompressed, from offset 0. */
  private static int[] entrySizes() {
    return entrySizes((byte) 1);
  }

  private static int[] entrySizes(byte magic) {
    FetchDownConverter.Result r = FetchDownConverter.convert(FetchLog.log(Compression.NONE), magic, 0, FetchLog.aborted());
    int[] sizes = new int[r.entryEnds().length];
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = r.entryEnds()[i] - (i == 0 ? 0 : r.entryEnds()[i - 1]);
    }
    return sizes;
  }

  @Test
  void wholeMessagesAreReturnedWithinThePartitionLimit() {
    for (short v = 0; v <= 3; v++) {
      int[] sizes = entrySizes((byte) (v <= 1 ? 0 : 1));
      int limit = sizes[0] + sizes[1] + sizes[2] - 1; // two whole messages and most of a third
      RequestTranslation.Translated t = translate(v, fetch(Integer.MAX_VALUE, 0, limit, 1));
      FetchResponse back = back(t, FetchLog.response("t", FetchLog.log(Compression.NONE)), v);
      List<FetchLog.Seen> seen = FetchLog.read(back.responses().get(0).partitions().get(0).records());
      assertEquals(List.of(0L, 1L), seen.stream().map(FetchLog.Seen::offset).toList(), "v" + v);
    }
  }

  @Test
  void aFirstMessageOverTheLimitIsPartialBeforeV3AndWholeFromV3() {
    int[] sizes = entrySizes();
    int limit = sizes[0] - 5;
    RequestTranslation.Translated v2 = translate((short) 2, fetch(Integer.MAX_VALUE, 0, limit, 1));
    ResponseTranslation rt = v2.translateResponse(Wire.response(FetchLog.response("t", FetchLog.log(Compression.NONE)),
        (short) 1, (short) 4));
    FetchResponse.PartitionData p = ((FetchResponse) rt.response()).responses().get(0).partitions().get(0);
    assertEquals(limit, p.records().sizeInBytes(), "the old broker's partial message");
    assertTrue(rt.notes().toString().contains("first message larger than the client's limit"), rt.notes().toString());
    Records partial = Wire.response((FetchResponse) rt.response(), (short) 1, (short) 2).responses().get(0)
        .partitions().get(0).records();
    assertEquals(limit, partial.sizeInBytes());

    RequestTranslation.Translated v3 = translate((short) 3, fetch(Integer.MAX_VALUE, 0, limit, 1));
    FetchResponse back = back(v3, FetchLog.response("t", FetchLog.log(Compression.NONE)), (short) 3);
    assertEquals(List.of(0L), FetchLog.read(back.responses().get(0).partitions().get(0).records()).stream()
        .map(FetchLog.Seen::offset).toList(), "KIP-74: the first message whole");
  }

  @Test
  void v3sResponseLimitSpansPartitions() {
    int[] sizes = entrySizes();
    int responseMax = sizes[0] + sizes[1] + sizes[2] + 1; // three messages of the first partition, then nothing
    RequestTranslation.Translated t = translate((short) 3, fetch(responseMax, 0, 1 << 20, 2));
    FetchResponse back = back(t, FetchLog.response("t", FetchLog.log(Compression.NONE), FetchLog.log(Compression.NONE)),
        (short) 3);
    assertEquals(3, FetchLog.read(back.responses().get(0).partitions().get(0).records()).size());
    assertEquals(0, back.responses().get(0).partitions().get(1).records().sizeInBytes());
  }

  @Test
  void zstdBatchesCannotBeDownConverted() {
    RequestTranslation.Translated t = translate((short) 3, fetch(Integer.MAX_VALUE, 0, 1 << 20, 1));
    Records zstd = RecordBatchBuilder.create(0).compression(Compression.ZSTD).append(1, null, FetchLog.utf8("z")).build();
    FetchResponse back = back(t, FetchLog.response("t", zstd), (short) 3);
    assertEquals(KafkaErrors.UNSUPPORTED_COMPRESSION_TYPE, back.responses().get(0).partitions().get(0).errorCode());
    assertEquals(0, back.responses().get(0).partitions().get(0).records().sizeInBytes());
  }

  @Test
  void partitionErrorsAndATruncatedLastBatchPassAsTheyAre() {
    RequestTranslation.Translated t = translate((short) 1, fetch(Integer.MAX_VALUE, 0, 1 << 20, 1));
    byte[] log = FetchLog.log(Compression.NONE).toByteArray();
    Records truncated = Records.wrap(log, 0, log.length - 7);
    FetchResponse back = back(t, FetchLog.response("t", truncated), (short) 1);
    List<Long> offsets = FetchLog.read(back.responses().get(0).partitions().get(0).records()).stream()
        .map(FetchLog.Seen::offset).toList();
    assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 9L, 10L), offsets);
  }

  /** An aborted transaction's record at {@code base} and its ABORT marker after it: nothing an old consumer may see. */
  private static Records abortedAt(long base) {
    return Records.concat(
        RecordBatchBuilder.create(base).transactional(true).producer(FetchLog.PRODUCER_ABORTED, (short) 0, 0)
            .append(1000, FetchLog.utf8("k"), FetchLog.utf8("aborted")).build(),
        RecordBatchBuilder.create(base + 1).transactional(true).control(true)
            .producer(FetchLog.PRODUCER_ABORTED, (short) 0, -1).appendEndTxnMarker(1001, new EndTxnMarker(false, 0)).build());
  }

  @Test
  void anAnswerOfFilteredOutDataOnlyFetchesAgainFromAfterItBoundedly() {
    RequestTranslation.Translated t = translate((short) 2, fetch(Integer.MAX_VALUE, 6, 1 << 20, 1));
    int fetches = 0;
    long offset = 6;
    while (true) {
      ResponseTranslation rt = t.translateResponse(Wire.response(FetchLog.response("t", abortedAt(offset)), (short) 1,
          (short) 4));
      FetchResponse back = Wire.response((FetchResponse) rt.response(), (short) 1, (short) 2);
      assertEquals(0, back.responses().get(0).partitions().get(0).records().sizeInBytes());
      if (rt.fetchAgain() == null) {
        break;
      }
      fetches++;
      assertTrue(rt.notes().stream().anyMatch(n -> n.contains("fetching again")), rt.notes().toString());
      t = rt.fetchAgain();
      assertEquals(9, t.clientHeader().correlationId(), "the client's correlation id");
      assertEquals(2, t.clientHeader().requestApiVersion());
      FetchRequest again = Wire.request((FetchRequest) t.upstreamRequest(), (short) 1, (short) 4);
      offset += 2;
      assertEquals(offset, again.topics().get(0).partitions().get(0).fetchOffset(), "the offset after the abort marker");
      assertEquals(FetchTranslation.READ_COMMITTED, again.isolationLevel());
    }
    assertEquals(FetchTranslation.FETCH_AGAIN_LIMIT, fetches, "a bounded number of extra fetches");
  }

  @Test
  void anAnswerWithRecordsOrNothingFilteredDoesNotFetchAgain() {
    RequestTranslation.Translated t = translate((short) 3, fetch(Integer.MAX_VALUE, 0, 1 << 20, 1));
    assertNull(t.translateResponse(Wire.response(FetchLog.response("t", FetchLog.log(Compression.NONE)), (short) 1,
        (short) 4)).fetchAgain());
    assertNull(t.translateResponse(Wire.response(FetchLog.response("t", Records.EMPTY), (short) 1, (short) 4))
        .fetchAgain(), "an empty log: nothing to skip");
  }
}
