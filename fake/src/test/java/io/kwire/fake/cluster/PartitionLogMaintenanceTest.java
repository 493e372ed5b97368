package io.kwire.fake.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Retention and in-place rewriting of a log, and the cluster budget's accounting through them. */
class PartitionLogMaintenanceTest {
  private static final int SIZE = 100;
  private static final long COST = SIZE + LogBudget.BATCH_OVERHEAD;

  @Test
  void sizeRetentionKeepsAtLeastRetentionBytesAsKafkaDeletesSegments() {
    PartitionLog log = log(new LogBudget(-1), 3);
    assertFalse(log.applyRetention(0, -1, 300), "exactly retention.bytes: nothing goes");
    assertTrue(log.applyRetention(0, -1, 150)); // 300-100 >= 150 goes, 200-100 < 150 stays
    assertEquals(List.of(1L, 2L), bases(log));
    assertEquals(1, log.logStartOffset());
    assertTrue(log.applyRetention(0, -1, 0)); // every batch, the last too
    assertEquals(List.of(), bases(log));
    assertEquals(3, log.logStartOffset());
    assertEquals(3, log.endOffset());
  }

  @Test
  void timeRetentionStopsAtTheFirstBatchNotPastIt() {
    PartitionLog log = new PartitionLog(-1);
    long[] timestamps = {1_000, 5_000, 2_000}; // the third is older than the second, but behind it
    for (long t : timestamps) {
      long offset = log.endOffset();
      log.append(new StoredBatch(offset, offset, t, new byte[SIZE]));
    }
    assertFalse(log.applyRetention(11_000, 10_000, -1));
    assertTrue(log.applyRetention(11_001, 10_000, -1));
    assertEquals(List.of(1L, 2L), bases(log));
    assertTrue(log.applyRetention(15_001, 10_000, -1));
    assertEquals(List.of(), bases(log));
  }

  @Test
  void rewrittenAndRemovedBatchesKeepTheBudgetExact() {
    LogBudget budget = new LogBudget(10 * COST);
    PartitionLog log = log(budget, 4);
    assertTrue(log.rewrite(3, b -> b.baseOffset() == 1 ? null
        : b.baseOffset() == 2 ? new StoredBatch(2, 2, 0, new byte[SIZE / 2]) : b));
    assertEquals(List.of(0L, 2L, 3L), bases(log));
    assertEquals(0, log.logStartOffset(), "compaction leaves the log start");
    assertEquals(3 * COST - SIZE / 2, budget.bytes());
    assertEquals(SIZE * 3 - SIZE / 2, log.sizeInBytes());
    assertFalse(log.holds(1), "the removed batch's budget entry is stale");
    assertTrue(log.holds(2));
    for (int i = 0; i < 8; i++) { // past the bound: the budget drops the oldest in append order, 0 then 2
      long offset = log.endOffset();
      log.append(new StoredBatch(offset, offset, 0, new byte[SIZE]));
    }
    assertEquals(List.of(2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L), bases(log));
    assertEquals(10 * COST - SIZE / 2, budget.bytes());
    assertTrue(log.applyRetention(0, -1, 0));
    assertEquals(0, budget.bytes());
  }

  private static PartitionLog log(LogBudget budget, int batches) {
    PartitionLog log = new PartitionLog(-1, budget);
    for (int i = 0; i < batches; i++) {
      long offset = log.endOffset();
      log.append(new StoredBatch(offset, offset, 0, new byte[SIZE]));
    }
    return log;
  }

  private static List<Long> bases(PartitionLog log) {
    return log.batches().stream().map(StoredBatch::baseOffset).toList();
  }
}
