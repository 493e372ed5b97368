package io.kwire.fake.txns;

import io.kwire.fake.cluster.Partition;
import java.util.List;

/**
 * A transactional id's state as the admin APIs show it (DescribeTransactions, ListTransactions):
 * Kafka's state names, derived from the coordinator's {@code Transaction} (the fake ends a
 * transaction in one step, so it is never seen in PrepareCommit or PrepareAbort).
 *
 * @param state "Empty" (no transaction since InitProducerId), "Ongoing", "CompleteCommit" or "CompleteAbort"
 * @param startTimeMs when the open or last transaction began, -1 when none has since InitProducerId
 * @param partitions the open transaction's partitions as {@code topic} and index, empty otherwise
 */
public record TransactionView(String transactionalId, long producerId, short epoch, String state, int timeoutMs,
    long startTimeMs, List<TopicPartition> partitions) {
  public static final String EMPTY = "Empty";
  public static final String ONGOING = "Ongoing";
  public static final String COMPLETE_COMMIT = "CompleteCommit";
  public static final String COMPLETE_ABORT = "CompleteAbort";
  /** Every state Kafka 4.4 names (ListTransactions' unknown state filters are the others). */
  public static final List<String> KAFKA_STATES = List.of(EMPTY, ONGOING, "PrepareCommit", "PrepareAbort",
      COMPLETE_COMMIT, COMPLETE_ABORT, "Dead", "PrepareEpochFence");

  /** A partition of the open transaction. */
  public record TopicPartition(String topic, int partition) {}

  static TransactionView of(Transaction txn, java.util.Map<Partition, TopicPartition> names) {
    String state = txn.ongoing() ? ONGOING
        : txn.lastEndCommitted == null ? EMPTY : txn.lastEndCommitted ? COMPLETE_COMMIT : COMPLETE_ABORT;
    // a partition of a topic deleted since is left out, as Kafka drops it
    List<TopicPartition> partitions = txn.partitions.stream().map(names::get).filter(java.util.Objects::nonNull)
        .toList();
    return new TransactionView(txn.transactionalId, txn.producerId, txn.epoch, state, txn.timeoutMs, txn.startTimeMs,
        partitions);
  }
}
