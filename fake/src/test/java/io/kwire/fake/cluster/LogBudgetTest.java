package io.kwire.fake.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LogBudgetTest {
  private static final int SIZE = 1_000;
  private static final long COST = SIZE + LogBudget.BATCH_OVERHEAD;

  @Test
  void theOldestBatchesOfTheWholeClusterGoFirstAndLogStartsMove() {
    LogBudget budget = new LogBudget(3 * COST);
    PartitionLog a = new PartitionLog(-1, budget);
    PartitionLog b = new PartitionLog(-1, budget);
    append(a); // a@0
    append(b); // b@0
    append(a); // a@1
    assertEquals(3 * COST, budget.bytes());
    append(b); // b@1: past the bound, a@0 (the oldest) goes
    assertEquals(3 * COST, budget.bytes());
    assertEquals(1, a.logStartOffset());
    assertEquals(0, b.logStartOffset());
    append(b); // b@2: b@0 goes
    assertEquals(List.of(1L), a.batches().stream().map(StoredBatch::baseOffset).toList());
    assertEquals(List.of(1L, 2L), b.batches().stream().map(StoredBatch::baseOffset).toList());
    assertEquals(2 * COST, budget.droppedBytes());
  }

  @Test
  void batchesDroppedOtherwiseAreNotCountedTwice() {
    LogBudget budget = new LogBudget(4 * COST);
    PartitionLog retained = new PartitionLog(2L * SIZE, budget); // keeps two batches itself
    PartitionLog deleted = new PartitionLog(-1, budget);
    for (int i = 0; i < 5; i++) {
      append(retained);
    }
    assertEquals(2 * COST, budget.bytes());
    append(deleted);
    append(deleted);
    deleted.delete(); // its topic deleted
    assertEquals(2 * COST, budget.bytes());
    append(retained);
    append(retained);
    assertEquals(0, budget.droppedBytes(), "retention kept it within the bound: the budget dropped nothing");
    assertEquals(List.of(5L, 6L), retained.batches().stream().map(StoredBatch::baseOffset).toList());
  }

  @Test
  void manyBatchesDroppedByRetentionLeaveNoStaleEntriesBehind() {
    LogBudget budget = new LogBudget(Long.MAX_VALUE);
    PartitionLog log = new PartitionLog(SIZE, budget); // one batch kept
    for (int i = 0; i < 10_000; i++) {
      append(log);
    }
    assertEquals(COST, budget.bytes());
    assertEquals(true, budget.queued() < 2_100, "queued entries: " + budget.queued());
  }

  @Test
  void aBatchAloneLargerThanTheBoundGoesToo() {
    LogBudget budget = new LogBudget(COST / 2);
    PartitionLog log = new PartitionLog(-1, budget);
    append(log);
    assertEquals(0, budget.bytes());
    assertEquals(1, log.logStartOffset());
    assertEquals(1, log.endOffset());
    assertEquals(List.of(), log.batches());
  }

  private static void append(PartitionLog log) {
    long offset = log.endOffset();
    log.append(new StoredBatch(offset, offset, 0, new byte[SIZE]));
  }
}
