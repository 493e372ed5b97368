package io.kwire.fake.txns;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.PartitionLog;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.groups.CommittedOffset;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.util.HashMap;
import java.util.Map;

/**
 * The cluster's transaction coordinator (transactions version 1, as kafka-clients uses when the
 * brokers do not finalize transaction.version 2): one {@link Transaction} per transactional id, the
 * producer id kept across InitProducerId and its epoch bumped each time (fencing the older one),
 * partitions and groups added, and EndTxn writing a commit or abort marker into each partition and,
 * on commit only, the pending group offsets. A transaction open longer than the timeout its
 * InitProducerId gave is aborted by the coordinator, as Kafka's does: the epoch bumped first, so that
 * the abort markers fence the producer (its produce INVALID_PRODUCER_EPOCH, its EndTxn and
 * AddPartitionsToTxn PRODUCER_FENCED), at the timeout itself (Kafka looks every
 * {@code transaction.abort.timed.out.transaction.cleanup.interval.ms}, 10 s). Confined to the cluster thread.
 */
public final class TransactionCoordinator {
  private static final int COORDINATOR_EPOCH = 0;
  /** Kafka's {@code transaction.max.timeout.ms}: a longer timeout is INVALID_TRANSACTION_TIMEOUT. */
  public static final int MAX_TIMEOUT_MS = 900_000;

  private final ClusterState cluster;
  private final GroupCoordinator groups;
  private final Map<String, Transaction> byId = new HashMap<>();
  private final Map<Long, Transaction> byProducerId = new HashMap<>();

  public TransactionCoordinator(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  /** The node id of the broker coordinating {@code transactionalId} (the same mapping as groups'). */
  public int coordinatorFor(String transactionalId) {
    return groups.coordinatorFor(transactionalId);
  }

  /** The producer id and epoch InitProducerId answers, or an error code in {@code errorCode}. */
  public record Init(short errorCode, long producerId, short epoch) {}

  /**
   * InitProducerId with a transactional id: the same producer id at the next epoch (a new one the
   * first time, or when the epoch is exhausted); an open transaction of an older epoch is aborted.
   *
   * @param expectedProducerId the producer id and epoch a v3+ client says it has, or -1 when it has none
   */
  public Init init(String transactionalId, long expectedProducerId, short expectedEpoch, int timeoutMs) {
    Transaction txn = byId.get(transactionalId);
    if (txn == null) {
      txn = new Transaction(transactionalId, cluster.newProducerId());
      byId.put(transactionalId, txn);
      byProducerId.put(txn.producerId, txn);
    } else if (expectedProducerId >= 0 && (expectedProducerId != txn.producerId || expectedEpoch != txn.epoch)) {
      return new Init(ErrorCode.PRODUCER_FENCED, -1, (short) -1);
    }
    bumpEpoch(txn);
    if (txn.ongoing()) {
      end(txn, false);
    }
    txn.lastEndCommitted = null;
    txn.timeoutMs = timeoutMs;
    return new Init(ErrorCode.NONE, txn.producerId, txn.epoch);
  }

  /** The next epoch (a new producer id when the epoch is exhausted). */
  private void bumpEpoch(Transaction txn) {
    if (txn.epoch >= Short.MAX_VALUE - 1) {
      byProducerId.remove(txn.producerId);
      txn.producerId = cluster.newProducerId();
      txn.epoch = -1;
      byProducerId.put(txn.producerId, txn);
    }
    txn.epoch++;
  }

  /** A transaction begins with its first partition or group: its timeout starts then. */
  private void beginning(Transaction txn) {
    if (txn.ongoing()) {
      return;
    }
    txn.timeout = cluster.clock().schedule(txn.timeoutMs, () -> {
      txn.timeout = null;
      if (txn.ongoing()) {
        bumpEpoch(txn);
        end(txn, false);
      }
    });
  }

  /** NONE when the producer id and epoch are the transactional id's current ones, else why not. */
  public short check(String transactionalId, long producerId, short epoch) {
    Transaction txn = byId.get(transactionalId);
    if (txn == null || txn.producerId != producerId) {
      return ErrorCode.INVALID_PRODUCER_ID_MAPPING;
    }
    return epoch == txn.epoch ? ErrorCode.NONE : ErrorCode.PRODUCER_FENCED;
  }

  /** Adds a partition to the open transaction ({@link #check} passed). */
  public void addPartition(String transactionalId, Partition partition) {
    Transaction txn = byId.get(transactionalId);
    beginning(txn);
    txn.partitions.add(partition);
    txn.lastEndCommitted = null;
  }

  /** Whether a transactional batch of this producer may be written to the partition. */
  public short checkProduce(long producerId, short epoch, Partition partition) {
    Transaction txn = byProducerId.get(producerId);
    if (txn == null) {
      return ErrorCode.INVALID_TXN_STATE;
    }
    if (epoch < txn.epoch) {
      return ErrorCode.INVALID_PRODUCER_EPOCH;
    }
    return txn.partitions.contains(partition) ? ErrorCode.NONE : ErrorCode.INVALID_TXN_STATE;
  }

  /** Adds a group to the open transaction ({@link #check} passed). */
  public void addGroup(String transactionalId, String groupId) {
    Transaction txn = byId.get(transactionalId);
    beginning(txn);
    txn.groups.add(groupId);
    txn.lastEndCommitted = null;
  }

  /** Whether TxnOffsetCommit may stage offsets for the group: the group must have been added. */
  public short checkOffsetCommit(String transactionalId, long producerId, short epoch, String groupId) {
    short error = check(transactionalId, producerId, epoch);
    if (error != ErrorCode.NONE) {
      return error;
    }
    return byId.get(transactionalId).groups.contains(groupId) ? ErrorCode.NONE : ErrorCode.INVALID_TXN_STATE;
  }

  /** Stages an offset, applied to the group if the transaction commits ({@link #checkOffsetCommit} passed). */
  public void stageOffset(String transactionalId, String groupId, String topic, int partition, CommittedOffset offset) {
    byId.get(transactionalId).pendingOffsets.computeIfAbsent(groupId, g -> new HashMap<>())
        .put(new Transaction.OffsetKey(topic, partition), offset);
  }

  /** EndTxn ({@link #check} passed): writes the markers; a retry of the last end is answered NONE. */
  public short endTxn(String transactionalId, boolean commit) {
    Transaction txn = byId.get(transactionalId);
    if (!txn.ongoing()) {
      return txn.lastEndCommitted != null && txn.lastEndCommitted == commit ? ErrorCode.NONE : ErrorCode.INVALID_TXN_STATE;
    }
    end(txn, commit);
    return ErrorCode.NONE;
  }

  private void end(Transaction txn, boolean commit) {
    for (Partition partition : txn.partitions) {
      PartitionLog log = partition.log();
      long offset = log.endOffset();
      long now = cluster.clock().nowMs();
      Records marker = RecordBatchBuilder.create(offset).partitionLeaderEpoch(partition.leaderEpoch())
          .producer(txn.producerId, txn.epoch, -1).transactional(true).control(true)
          .appendEndTxnMarker(now, new EndTxnMarker(commit, COORDINATOR_EPOCH)).build();
      partition.transactions().ended(txn.producerId, commit, offset);
      partition.producers().markerWritten(txn.producerId, txn.epoch);
      log.append(new StoredBatch(offset, offset, now, marker.toByteArray()));
    }
    if (commit) {
      txn.pendingOffsets.forEach((groupId, offsets) -> offsets.forEach(
          (key, offset) -> groups.getOrCreate(groupId).commit(key.topic(), key.partition(), offset)));
    }
    txn.lastEndCommitted = commit;
    txn.clear();
    if (txn.timeout != null) {
      txn.timeout.cancel();
      txn.timeout = null;
    }
  }
}
