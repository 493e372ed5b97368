package io.kwire.fake.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.RecordBatchV2;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartitionTest {
  @Test
  void eachLeaderEpochEndsWhereTheNextBegan() {
    Partition p = new Partition(0, List.of(0, 1), -1);
    append(p, 3);
    p.electLeader(1);
    append(p, 2);
    p.electLeader(0);
    p.electLeader(1);
    append(p, 1);
    assertArrayEquals(new long[] {0, 3}, p.endOfEpoch(0));
    assertArrayEquals(new long[] {1, 5}, p.endOfEpoch(1));
    // epoch 2 began where epoch 3 did, and Kafka's leader epoch cache drops such an entry: asked for
    // epoch 2, the largest it has at or below it is 1, which ended where 3 began
    assertArrayEquals(new long[] {1, 5}, p.endOfEpoch(2), "an epoch without records is forgotten, as Kafka does");
    assertArrayEquals(new long[] {3, 6}, p.endOfEpoch(3));
    assertArrayEquals(new long[] {3, 6}, p.endOfEpoch(9));
    assertEquals(ErrorCode.FENCED_LEADER_EPOCH, p.checkLeaderEpoch(2));
    assertEquals(ErrorCode.UNKNOWN_LEADER_EPOCH, p.checkLeaderEpoch(4));
    assertEquals(ErrorCode.NONE, p.checkLeaderEpoch(-1));
  }

  @Test
  void aLeaderMovedBeforeAnyRecordLeavesNoEpochZero() {
    Partition p = new Partition(0, List.of(0, 1), -1);
    p.electLeader(1);
    append(p, 2);
    assertArrayEquals(new long[] {-1, -1}, p.endOfEpoch(0), "no epoch at or below 0 has records: undefined");
    assertArrayEquals(new long[] {1, 2}, p.endOfEpoch(1));
  }

  @Test
  void deletingRecordsMovesTheLogStartAndDropsWholeBatchesOnly() {
    Partition p = new Partition(0, List.of(0), -1);
    append(p, 3);
    append(p, 3);
    append(p, 3);
    p.log().deleteBefore(4);
    assertEquals(4, p.log().logStartOffset());
    assertEquals(List.of(3L, 6L), p.log().batches().stream().map(StoredBatch::baseOffset).toList(),
        "the batch holding offset 4 stays");
    p.log().deleteBefore(2);
    assertEquals(4, p.log().logStartOffset(), "never back");
    assertEquals(new LogSearch.Found(4, 1), LogSearch.firstAtOrAfter(p.log(), 0), "records before the start are gone");
    p.log().deleteBefore(9);
    assertEquals(List.of(), p.log().batches());
    assertEquals(0, p.log().sizeInBytes());
    assertEquals(9, p.log().endOffset());
  }

  private static void append(Partition p, int records) {
    RecordBatchBuilder b = RecordBatchBuilder.create(0);
    for (int i = 0; i < records; i++) {
      b.append(i, null, new byte[] {(byte) i});
    }
    RecordBatchV2 batch = RecordBatchV2.of(b.build(), ReadOptions.DEFAULT);
    p.log().append(BatchStamp.stamp(batch, p.log().endOffset(), p.leaderEpoch(), -1));
  }
}
