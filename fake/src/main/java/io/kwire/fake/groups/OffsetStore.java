package io.kwire.fake.groups;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The committed offsets of every group, whatever its type, keyed by group id as Kafka keeps them in
 * its offsets topic: a group changing type (classic to consumer and back) keeps them, deleting the
 * group drops them. Transactional commits (TxnOffsetCommit) wait here, per transactional id, until
 * the transaction's end applies (commit) or drops (abort) them; while they wait, a fetch that
 * requires stable offsets is told UNSTABLE_OFFSET_COMMIT for their partitions. Confined to the
 * cluster thread.
 */
public final class OffsetStore {
  /** A topic partition, by name, as offsets are kept. */
  public record TopicPartitionKey(String topic, int partition) {}

  private final Map<String, Map<TopicPartitionKey, CommittedOffset>> committed = new HashMap<>();
  /** Transactional id to group id to its staged offsets. */
  private final Map<String, Map<String, Map<TopicPartitionKey, CommittedOffset>>> pending = new HashMap<>();

  public void commit(String groupId, String topic, int partition, CommittedOffset offset) {
    committed.computeIfAbsent(groupId, g -> new LinkedHashMap<>()).put(new TopicPartitionKey(topic, partition), offset);
  }

  /** The committed offset of a partition, or null. */
  public CommittedOffset committed(String groupId, String topic, int partition) {
    Map<TopicPartitionKey, CommittedOffset> offsets = committed.get(groupId);
    return offsets == null ? null : offsets.get(new TopicPartitionKey(topic, partition));
  }

  /** Every committed offset of a group, in the order of their first commit. */
  public Map<TopicPartitionKey, CommittedOffset> offsets(String groupId) {
    return Collections.unmodifiableMap(committed.getOrDefault(groupId, Map.of()));
  }

  /** Drops the offset committed for a partition (OffsetDelete). */
  public void forget(String groupId, String topic, int partition) {
    Map<TopicPartitionKey, CommittedOffset> offsets = committed.get(groupId);
    if (offsets != null) {
      offsets.remove(new TopicPartitionKey(topic, partition));
    }
  }

  /** Drops every group's offsets of a topic (it was deleted), staged ones too. */
  public void forgetTopic(String topic) {
    committed.values().forEach(offsets -> offsets.keySet().removeIf(key -> key.topic().equals(topic)));
    pending.values().forEach(groups -> groups.values()
        .forEach(offsets -> offsets.keySet().removeIf(key -> key.topic().equals(topic))));
  }

  /** Drops a group's committed offsets (the group was deleted). */
  public void forgetGroup(String groupId) {
    committed.remove(groupId);
  }

  /** Stages an offset of an open transaction, to be applied by {@link #endTransaction} on commit. */
  public void stage(String transactionalId, String groupId, String topic, int partition, CommittedOffset offset) {
    pending.computeIfAbsent(transactionalId, t -> new LinkedHashMap<>())
        .computeIfAbsent(groupId, g -> new LinkedHashMap<>()).put(new TopicPartitionKey(topic, partition), offset);
  }

  /**
   * The transaction ended: its staged offsets are committed, or dropped on abort. Returns the groups
   * that got offsets (the coordinator gives a group that does not exist an empty classic group).
   */
  public Iterable<String> endTransaction(String transactionalId, boolean commit) {
    Map<String, Map<TopicPartitionKey, CommittedOffset>> staged = pending.remove(transactionalId);
    if (staged == null || !commit) {
      return List.of();
    }
    staged.forEach((groupId, offsets) -> offsets.forEach((key, offset) ->
        commit(groupId, key.topic(), key.partition(), offset)));
    return staged.keySet();
  }

  /** Whether an open transaction has staged an offset for the group's partition. */
  public boolean hasPending(String groupId, String topic, int partition) {
    TopicPartitionKey key = new TopicPartitionKey(topic, partition);
    for (Map<String, Map<TopicPartitionKey, CommittedOffset>> groups : pending.values()) {
      Map<TopicPartitionKey, CommittedOffset> offsets = groups.get(groupId);
      if (offsets != null && offsets.containsKey(key)) {
        return true;
      }
    }
    return false;
  }

  /** Whether any committed offset is kept for the group. */
  public boolean hasOffsets(String groupId) {
    Map<TopicPartitionKey, CommittedOffset> offsets = committed.get(groupId);
    return offsets != null && !offsets.isEmpty();
  }
}
