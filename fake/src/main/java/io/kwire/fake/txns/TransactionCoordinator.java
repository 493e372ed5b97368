package io.kwire.fake.txns;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Partition;
import io.kwire.fake.cluster.PartitionLog;
import io.kwire.fake.cluster.StoredBatch;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.runtime.records.EndTxnMarker;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cluster's transaction coordinator, transactions versions 1 and 2 (KIP-890; the version is
 * the request's: EndTxn v5, Produce v12 and TxnOffsetCommit v5 are version 2, which clients send
 * when the brokers finalize transaction.version 2): one {@link Transaction} per transactional id, the
 * producer id kept across InitProducerId and its epoch bumped each time (fencing the older one),
 * partitions and groups added, and EndTxn writing a commit or abort marker into each partition and,
 * on commit only, the pending group offsets. A transaction open longer than the timeout its
 * InitProducerId gave is aborted by the coordinator, as Kafka's does: the epoch bumped first, so that
 * the abort markers fence the producer (its produce INVALID_PRODUCER_EPOCH, its EndTxn and
 * AddPartitionsToTxn PRODUCER_FENCED), at the timeout itself (Kafka looks every
 * {@code transaction.abort.timed.out.transaction.cleanup.interval.ms}, 10 s). In version 2 every
 * EndTxn bumps the epoch too (its markers carry the new one) and produce and TxnOffsetCommit add
 * their partition or group themselves. Confined to the cluster thread.
 */
public final class TransactionCoordinator {
  private static final int COORDINATOR_EPOCH = 0;
  /** Kafka's {@code transaction.max.timeout.ms}: a longer timeout is INVALID_TRANSACTION_TIMEOUT. */
  public static final int MAX_TIMEOUT_MS = 900_000;

  private final ClusterState cluster;
  private final GroupCoordinator groups;
  private final Map<String, Transaction> byId = new java.util.LinkedHashMap<>();
  private final Map<Long, Transaction> byProducerId = new HashMap<>();

  public TransactionCoordinator(ClusterState cluster, GroupCoordinator groups) {
    this.cluster = cluster;
    this.groups = groups;
  }

  /** The node id of the broker coordinating {@code transactionalId} (the same mapping as groups'). */
  public int coordinatorFor(String transactionalId) {
    return groups.coordinatorFor(transactionalId);
  }

  /** The transactional ids this cluster knows, as DescribeTransactions and ListTransactions show them. */
  public List<TransactionView> transactions() {
    Map<Partition, TransactionView.TopicPartition> names = partitionNames();
    List<TransactionView> out = new ArrayList<>(byId.size());
    byId.values().forEach(txn -> out.add(TransactionView.of(txn, names)));
    return out;
  }

  /** One transactional id's state, or null when the coordinator does not know it. */
  public TransactionView transaction(String transactionalId) {
    Transaction txn = byId.get(transactionalId);
    return txn == null ? null : TransactionView.of(txn, partitionNames());
  }

  private Map<Partition, TransactionView.TopicPartition> partitionNames() {
    Map<Partition, TransactionView.TopicPartition> names = new java.util.IdentityHashMap<>();
    cluster.topics().forEach(t -> t.partitions().forEach(
        p -> names.put(p, new TransactionView.TopicPartition(t.name(), p.index()))));
    return names;
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
      if (isRetry(txn, expectedProducerId, expectedEpoch)) {
        return new Init(ErrorCode.NONE, txn.producerId, txn.epoch);
      }
      if (txn.ongoing() && expectedProducerId == txn.producerId) {
        fenceAndAbort(txn);
      }
      return new Init(ErrorCode.PRODUCER_FENCED, -1, (short) -1);
    }
    txn.previousProducerId = txn.producerId;
    txn.previousEpoch = txn.epoch;
    bumpEpoch(txn);
    if (txn.ongoing()) {
      end(txn, false);
    }
    txn.lastEndCommitted = null;
    txn.startTimeMs = -1;
    txn.timeoutMs = timeoutMs;
    return new Init(ErrorCode.NONE, txn.producerId, txn.epoch);
  }

  /**
   * Kafka (KIP-360) answers an InitProducerId that gives the epoch just before the current one, the
   * transaction not open, as a retry of the call that bumped it (an InitProducerId or a version 2
   * EndTxn): the current producer id and epoch, not bumped again; an older epoch is PRODUCER_FENCED
   * (EndTxnV2AgainstKafkaTest). Not across a new producer id (an exhausted epoch): never checked.
   */
  private static boolean isRetry(Transaction txn, long expectedProducerId, short expectedEpoch) {
    return !txn.ongoing() && expectedProducerId == txn.producerId && txn.previousProducerId == txn.producerId
        && expectedEpoch == txn.previousEpoch;
  }

  /**
   * Kafka fences an open transaction on any InitProducerId of its producer id, before it looks at the
   * epoch: the epoch bumped once and the transaction aborted at it, so that an end at the epoch before
   * is taken for a retry of that abort (a commit INVALID_TXN_STATE), as Kafka answers it
   * (EndTxnV2AgainstKafkaTest).
   */
  private void fenceAndAbort(Transaction txn) {
    txn.previousProducerId = txn.producerId;
    txn.previousEpoch = txn.epoch;
    bumpEpoch(txn);
    end(txn, false);
    txn.lastEndBumped = true;
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
    txn.startTimeMs = cluster.clock().nowMs();
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

  /**
   * Transactions version 2: a transactional batch adds its partition itself (Produce v12+, no
   * AddPartitionsToTxn). The producer must be the transactional id's current one; a stale epoch is
   * INVALID_PRODUCER_EPOCH, as Kafka's produce path reports it.
   */
  public short addPartitionImplicitly(String transactionalId, long producerId, short epoch, Partition partition) {
    short error = transactionalId == null ? ErrorCode.INVALID_TXN_STATE : check(transactionalId, producerId, epoch);
    if (error == ErrorCode.PRODUCER_FENCED) {
      return ErrorCode.INVALID_PRODUCER_EPOCH;
    }
    if (error == ErrorCode.NONE) {
      addPartition(transactionalId, partition);
    }
    return error;
  }

  /** Adds a group to the open transaction ({@link #check} passed). */
  public void addGroup(String transactionalId, String groupId) {
    Transaction txn = byId.get(transactionalId);
    beginning(txn);
    txn.groups.add(groupId);
    txn.lastEndCommitted = null;
  }

  /** Transactions version 2: TxnOffsetCommit v5 adds its group itself, the producer being the id's current one. */
  public short addGroupImplicitly(String transactionalId, long producerId, short epoch, String groupId) {
    short error = check(transactionalId, producerId, epoch);
    if (error == ErrorCode.NONE) {
      addGroup(transactionalId, groupId);
    }
    return error;
  }

  /** Whether TxnOffsetCommit may stage offsets for the group: the group must have been added. */
  public short checkOffsetCommit(String transactionalId, long producerId, short epoch, String groupId) {
    short error = check(transactionalId, producerId, epoch);
    if (error != ErrorCode.NONE) {
      return error;
    }
    return byId.get(transactionalId).groups.contains(groupId) ? ErrorCode.NONE : ErrorCode.INVALID_TXN_STATE;
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

  /** What EndTxn v5 answers: the error, and the producer id and epoch the client goes on with. */
  public record Ended(short errorCode, long producerId, short epoch) {}

  /**
   * EndTxn in transactions version 2 (the coordinator check passed): the producer's epoch must be the
   * current one, whose transaction ends with its epoch bumped (the markers carry the new epoch, as
   * Kafka writes them), or the one just before it, a retry of the end that bumped it (answered as
   * it was, or INVALID_TXN_STATE when it asks for the other outcome); aborting with nothing open
   * bumps the epoch too (a producer resetting itself after an abortable error), committing nothing
   * is INVALID_TXN_STATE.
   */
  public Ended endTxnV2(String transactionalId, long producerId, short epoch, boolean commit) {
    Transaction txn = byId.get(transactionalId);
    if (txn == null || txn.producerId != producerId && txn.previousProducerId != producerId) {
      return new Ended(ErrorCode.INVALID_PRODUCER_ID_MAPPING, -1, (short) -1);
    }
    boolean retry = txn.lastEndCommitted != null && txn.lastEndBumped
        && (producerId == txn.previousProducerId ? epoch == txn.previousEpoch
            : producerId == txn.producerId && epoch == txn.epoch - 1);
    if (retry) {
      // Kafka 4.4 takes any end at the epoch before for a retry, whichever outcome it asks: the other
      // outcome is INVALID_TXN_STATE (that transaction is over), not PRODUCER_FENCED (EndTxnV2AgainstKafkaTest).
      return txn.lastEndCommitted == commit ? new Ended(ErrorCode.NONE, txn.producerId, txn.epoch)
          : new Ended(ErrorCode.INVALID_TXN_STATE, -1, (short) -1);
    }
    if (producerId != txn.producerId || epoch != txn.epoch) {
      return new Ended(ErrorCode.PRODUCER_FENCED, -1, (short) -1);
    }
    if (!txn.ongoing() && commit) {
      return new Ended(ErrorCode.INVALID_TXN_STATE, -1, (short) -1);
    }
    txn.previousProducerId = txn.producerId;
    txn.previousEpoch = txn.epoch;
    short next = (short) (txn.epoch + 1);
    end(txn, commit, next);
    txn.epoch = next;
    if (next >= Short.MAX_VALUE - 1) { // exhausted: the client goes on with a new producer id (Kafka's nextProducerId)
      bumpEpoch(txn);
    }
    txn.lastEndBumped = true;
    return new Ended(ErrorCode.NONE, txn.producerId, txn.epoch);
  }

  private void end(Transaction txn, boolean commit) {
    end(txn, commit, txn.epoch);
    txn.lastEndBumped = false;
  }

  /** Writes the markers at {@code markerEpoch} under the current producer id and closes the transaction. */
  private void end(Transaction txn, boolean commit, short markerEpoch) {
    for (Partition partition : txn.partitions) {
      PartitionLog log = partition.log();
      long offset = log.endOffset();
      long now = cluster.clock().nowMs();
      Records marker = RecordBatchBuilder.create(offset).partitionLeaderEpoch(partition.leaderEpoch())
          .producer(txn.producerId, markerEpoch, -1).transactional(true).control(true)
          .appendEndTxnMarker(now, new EndTxnMarker(commit, COORDINATOR_EPOCH)).build();
      partition.transactions().ended(txn.producerId, commit, offset);
      partition.producers().markerWritten(txn.producerId, markerEpoch, COORDINATOR_EPOCH, now);
      log.append(new StoredBatch(offset, offset, now, marker.toByteArray()));
    }
    groups.transactionEnded(txn.transactionalId, commit);
    txn.lastEndCommitted = commit;
    txn.clear();
    if (txn.timeout != null) {
      txn.timeout.cancel();
      txn.timeout = null;
    }
  }
}
