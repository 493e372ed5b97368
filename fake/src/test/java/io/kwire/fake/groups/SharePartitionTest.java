package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.ManualClock;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import io.kwire.runtime.records.Records;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A share partition's record states on a manual clock: acquisition, acknowledgement, locks, delivery limit. */
class SharePartitionTest {
  private static final int LOCK_MS = 30_000;

  private final ManualClock clock = new ManualClock(0);
  private final Partition partition = new Partition(0, List.of(0), -1);
  private final SharePartition share = new SharePartition("t", partition, clock, LOCK_MS, 3, 4, 0, 0, () -> 0L);

  @Test
  void newRecordsAreAcquiredInWholeBatchesOnceEach() {
    append(3);
    append(2);
    SharePartition.Fetched first = share.acquire("a", 4, true);
    assertEquals(List.of(new SharePartition.Acquired(0, 4, (short) 1)), first.acquired(),
        "whole batches: the second one too, although it passes maxRecords");
    assertEquals(List.of(0L, 3L), first.batches().stream().map(StoredBatch::baseOffset).toList());
    assertTrue(share.acquire("b", 10, true).acquired().isEmpty(), "locked for a");
  }

  @Test
  void theRecordLimitModeAcquiresPartOfABatch() {
    append(5);
    assertEquals(List.of(new SharePartition.Acquired(0, 1, (short) 1)), share.acquire("a", 2, true, true).acquired());
    SharePartition.Fetched rest = share.acquire("b", 10, true, true);
    assertEquals(List.of(new SharePartition.Acquired(2, 4, (short) 1)), rest.acquired(), "the rest of the batch");
    assertEquals(List.of(0L), rest.batches().stream().map(StoredBatch::baseOffset).toList(), "sent whole");
  }

  @Test
  void acceptMovesTheStartReleaseRedeliversRejectArchives() {
    append(3);
    share.acquire("a", 10, true);
    assertEquals(ErrorCode.INVALID_RECORD_STATE, share.acknowledge("b", 0, 0, List.of(SharePartition.ACCEPT)),
        "b does not hold them");
    assertEquals(ErrorCode.NONE, share.acknowledge("a", 0, 2,
        List.of(SharePartition.ACCEPT, SharePartition.RELEASE, SharePartition.REJECT)));
    assertEquals(1, share.startOffset(), "past the accepted record");
    assertEquals(List.of(new SharePartition.Acquired(1, 1, (short) 2)), share.acquire("b", 10, true).acquired());
    assertEquals(ErrorCode.NONE, share.acknowledge("b", 1, 1, List.of(SharePartition.ACCEPT)));
    assertEquals(3, share.startOffset(), "past the rejected one too");
    assertEquals(ErrorCode.INVALID_RECORD_STATE, share.acknowledge("b", 1, 1, List.of(SharePartition.ACCEPT)));
  }

  @Test
  void anExpiredLockMakesTheRecordsAvailableUntilTheDeliveryLimitArchivesThem() {
    append(1);
    for (short delivery = 1; delivery <= 3; delivery++) {
      assertEquals(List.of(new SharePartition.Acquired(0, 0, delivery)), share.acquire("a", 10, true).acquired());
      clock.advance(LOCK_MS - 1);
      assertFalse(share.hasAvailable(true), "locked until the lock's time");
      clock.advance(1);
    }
    assertTrue(share.acquire("a", 10, true).acquired().isEmpty(), "archived after the third delivery (the limit)");
    assertEquals(1, share.startOffset());
  }

  @Test
  void theInFlightWindowIsBoundedByMaxRecordLocks() {
    append(3);
    append(3);
    assertEquals(List.of(new SharePartition.Acquired(0, 5, (short) 1)), share.acquire("a", 100, true).acquired(),
        "the second batch starts inside the window of 4");
    append(2);
    assertTrue(share.acquire("b", 100, true).acquired().isEmpty(), "6 in flight: no more until the start moves");
    assertFalse(share.hasAvailable(true), "nothing a fetch could take: a parked fetch keeps waiting");
    assertEquals(ErrorCode.NONE, share.acknowledge("a", 0, 5, List.of(SharePartition.ACCEPT)));
    assertTrue(share.hasAvailable(true));
    assertEquals(List.of(new SharePartition.Acquired(6, 7, (short) 1)), share.acquire("b", 100, true).acquired());
  }

  @Test
  void settleListenersHearAcknowledgementsReleasesAndExpiredLocks() {
    List<String> heard = new java.util.ArrayList<>();
    Runnable listener = () -> heard.add(share.hasAvailable(true) ? "available" : "none");
    share.addSettleListener(listener);
    append(3);
    share.acquire("a", 10, true);
    assertEquals(List.of(), heard, "an acquisition settles nothing");
    share.acknowledge("a", 0, 0, List.of(SharePartition.RELEASE));
    share.acknowledge("a", 1, 1, List.of(SharePartition.ACCEPT));
    share.releaseAll("a");
    assertEquals(List.of("available", "available", "available"), heard);
    clock.advance(1);
    share.acquire("b", 10, true);
    clock.advance(LOCK_MS - 1);
    assertEquals(List.of("available", "available", "available", "none"), heard,
        "a's lock expired, b holds the records");
    clock.advance(1);
    assertEquals(List.of("available", "available", "available", "none", "available"), heard, "b's lock expired");
    share.removeSettleListener(listener);
    share.acquire("c", 10, true);
    share.releaseAll("c");
    assertEquals(5, heard.size(), "removed");
  }

  @Test
  void anAcknowledgementOutsideTheWindowIsRefusedWithoutWalkingIt() {
    append(1);
    share.acquire("a", 10, true);
    assertEquals(ErrorCode.INVALID_RECORD_STATE, share.acknowledge("a", 0, Long.MAX_VALUE - 1,
        List.of(SharePartition.ACCEPT)));
    assertEquals(ErrorCode.INVALID_REQUEST, share.acknowledge("a", 0, 0, List.of((byte) 9)));
    assertEquals(ErrorCode.NONE, share.acknowledge("a", 0, 0, List.of(SharePartition.ACCEPT)));
  }

  @Test
  void aGoneMembersRecordsGoBackAtOnce() {
    append(2);
    share.acquire("a", 10, true);
    share.releaseAll("a");
    assertEquals(List.of(new SharePartition.Acquired(0, 1, (short) 2)), share.acquire("b", 10, true).acquired());
  }

  @Test
  void readCommittedArchivesAbortedRecordsAndWaitsForOpenTransactions() {
    long pid = 7;
    appendTransactional(pid, 2);
    assertTrue(share.acquire("a", 10, true).acquired().isEmpty(), "below the last stable offset only");
    assertEquals(2, share.acquire("a", 10, false).acquired().get(0).lastOffset() + 1,
        "read_uncommitted takes them");
  }

  private void append(int records) {
    RecordBatchBuilder b = RecordBatchBuilder.create(partition.log().endOffset());
    for (int i = 0; i < records; i++) {
      b.append(1_000, null, ("v" + i).getBytes(StandardCharsets.UTF_8));
    }
    store(b.build());
  }

  private void appendTransactional(long producerId, int records) {
    long base = partition.log().endOffset();
    RecordBatchBuilder b = RecordBatchBuilder.create(base).transactional(true).producer(producerId, (short) 0, 0);
    for (int i = 0; i < records; i++) {
      b.append(1_000, null, ("t" + i).getBytes(StandardCharsets.UTF_8));
    }
    partition.transactions().written(producerId, base);
    store(b.build());
  }

  private void store(Records batch) {
    long base = partition.log().endOffset();
    long last = RecordBatchV2.of(batch, ReadOptions.DEFAULT).lastOffset();
    partition.log().append(new StoredBatch(base, last, 1_000, batch.toByteArray()));
  }
}
