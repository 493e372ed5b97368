package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.Topic;
import io.kwire.messages.ConsumerProtocolAssignment;
import io.kwire.messages.ConsumerProtocolAssignmentCodec;
import io.kwire.messages.ConsumerProtocolSubscription;
import io.kwire.messages.ConsumerProtocolSubscriptionCodec;
import io.kwire.runtime.wire.KwireException;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The consumer protocol's embedded bytes (a classic "consumer" member's JoinGroup metadata and
 * SyncGroup assignment: a version, then ConsumerProtocolSubscription or ConsumerProtocolAssignment),
 * read and written where a group moves between the classic and the consumer protocol. Partitions
 * are by topic name there and by topic id in a consumer group; a topic the cluster does not have is
 * left out.
 */
final class ConsumerProtocolBytes {
  /** The highest version of both messages (Kafka 4.4 writes it). */
  static final short VERSION = 3;

  private ConsumerProtocolBytes() {}

  /** A member's subscription: its topics and the partitions it says it owns (none before v1). */
  record Subscription(List<String> topics, Set<ConsumerGroup.Owned> owned, String rackId) {}

  /** Reads a subscription, or throws {@link IllegalArgumentException} when the bytes are not one. */
  static Subscription subscription(byte[] bytes, ClusterState cluster) {
    ConsumerProtocolSubscription s = read(bytes, (in, v) -> ConsumerProtocolSubscriptionCodec.INSTANCE.read(in, v));
    Set<ConsumerGroup.Owned> owned = new TreeSet<>();
    if (s.ownedPartitions() != null) {
      for (ConsumerProtocolSubscription.TopicPartition t : s.ownedPartitions()) {
        add(owned, cluster, t.topic(), t.partitions());
      }
    }
    return new Subscription(s.topics() == null ? List.of() : List.copyOf(s.topics()), owned, s.rackId());
  }

  /** Reads an assignment (empty bytes: none yet), or throws {@link IllegalArgumentException}. */
  static Set<ConsumerGroup.Owned> assignment(byte[] bytes, ClusterState cluster) {
    Set<ConsumerGroup.Owned> owned = new TreeSet<>();
    if (bytes.length == 0) {
      return owned;
    }
    ConsumerProtocolAssignment a = read(bytes, (in, v) -> ConsumerProtocolAssignmentCodec.INSTANCE.read(in, v));
    for (ConsumerProtocolAssignment.TopicPartition t : a.assignedPartitions()) {
      add(owned, cluster, t.topic(), t.partitions());
    }
    return owned;
  }

  /** The assignment's bytes, at {@link #VERSION}. */
  static byte[] assignment(Set<ConsumerGroup.Owned> owned, ClusterState cluster) {
    List<ConsumerProtocolAssignment.TopicPartition> topics = new ArrayList<>();
    for (Map.Entry<UUID, List<Integer>> e : ConsumerGroup.byTopic(owned).entrySet()) {
      Topic topic = cluster.topic(e.getKey());
      if (topic != null) {
        topics.add(new ConsumerProtocolAssignment.TopicPartition(topic.name(), e.getValue()));
      }
    }
    WireWriter out = new WireWriter(64);
    out.writeInt16(VERSION);
    ConsumerProtocolAssignmentCodec.INSTANCE.write(new ConsumerProtocolAssignment(topics, null), VERSION, out);
    return out.toByteArray();
  }

  private interface Reader<T> {
    T read(WireReader in, short version);
  }

  /**
   * The version first; a newer version than this one is read as it, what follows ignored (the
   * consumer protocol only ever adds fields at the end).
   */
  private static <T> T read(byte[] bytes, Reader<T> reader) {
    try {
      WireReader in = new WireReader(bytes);
      short version = in.readInt16();
      if (version < 0) {
        throw new IllegalArgumentException("consumer protocol version " + version);
      }
      return reader.read(in, (short) Math.min(version, VERSION));
    } catch (KwireException e) {
      throw new IllegalArgumentException("malformed consumer protocol bytes: " + e.getMessage(), e);
    }
  }

  private static void add(Set<ConsumerGroup.Owned> owned, ClusterState cluster, String name, List<Integer> partitions) {
    Topic topic = cluster.topic(name);
    if (topic == null) {
      return;
    }
    for (int p : partitions) {
      if (p >= 0 && p < topic.partitions().size()) {
        owned.add(new ConsumerGroup.Owned(topic.id(), p));
      }
    }
  }
}
