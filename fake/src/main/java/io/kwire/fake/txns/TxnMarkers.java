package io.kwire.fake.txns;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.PartitionLog;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;

/**
 * Writes one transaction marker (a control batch) to a partition and ends the producer's open
 * transaction there, as WriteTxnMarkers does on the partition leader (AdminClient.abortTransaction
 * sends it for a hanging transaction).
 */
public final class TxnMarkers {
  private TxnMarkers() {}

  /** Appends the marker at the log end and closes the producer's transaction on the partition. */
  public static void write(ClusterClock clock, Partition partition, long producerId, short epoch, boolean commit,
      int coordinatorEpoch) {
    PartitionLog log = partition.log();
    long offset = log.endOffset();
    long now = clock.nowMs();
    Records marker = RecordBatchBuilder.create(offset).partitionLeaderEpoch(partition.leaderEpoch())
        .producer(producerId, epoch, -1).transactional(true).control(true)
        .appendEndTxnMarker(now, new EndTxnMarker(commit, coordinatorEpoch)).build();
    partition.transactions().ended(producerId, commit, offset);
    partition.producers().markerWritten(producerId, epoch, coordinatorEpoch, now);
    log.append(new StoredBatch(offset, offset, now, marker.toByteArray()));
  }
}
