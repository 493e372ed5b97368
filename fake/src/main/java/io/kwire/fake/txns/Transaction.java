package io.kwire.fake.txns;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.cluster.Partition;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A transactional id's state at its coordinator: the producer id and epoch it was last given, and
 * the open transaction's partitions and groups (its staged offsets wait in the group coordinator's
 * offset store). Confined to the cluster thread.
 */
final class Transaction {
  final String transactionalId;
  long producerId;
  short epoch;
  /** How the last transaction ended (null while none has), so that a retried EndTxn is answered alike. */
  Boolean lastEndCommitted;
  /** Whether that end bumped the epoch (transactions version 2), so that a retry carries the one before. */
  boolean lastEndBumped;
  /** The producer id and epoch before the last bump by an InitProducerId or a bumping end: what its retry carries. */
  long previousProducerId = -1;
  short previousEpoch = -1;
  /** When the open (or last) transaction began, by the cluster clock; -1 since InitProducerId. */
  long startTimeMs = -1;
  /** The transaction timeout InitProducerId gave (Kafka's producer default: 60 s). */
  int timeoutMs = 60_000;
  /** Aborts the open transaction when it has been open for {@code timeoutMs}; null while none is. */
  ClusterClock.Timer timeout;
  final Set<Partition> partitions = new LinkedHashSet<>();
  final Set<String> groups = new LinkedHashSet<>();

  Transaction(String transactionalId, long producerId) {
    this.transactionalId = transactionalId;
    this.producerId = producerId;
    this.epoch = -1;
  }

  boolean ongoing() {
    return !partitions.isEmpty() || !groups.isEmpty();
  }

  void clear() {
    partitions.clear();
    groups.clear();
  }
}
