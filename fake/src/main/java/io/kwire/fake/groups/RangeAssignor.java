package io.kwire.fake.groups;

import io.kwire.fake.groups.ConsumerGroup.Owned;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The fake's "range" server-side assignor of KIP-848 consumer groups (a member's ServerAssignor,
 * the client's {@code group.remote.assignor}): each topic's partitions split in contiguous ranges
 * over the topic's subscribers in member id order, the first (partitions % subscribers) one more.
 * Not sticky: the ranges follow from the members and the partition counts alone.
 */
public final class RangeAssignor {
  private RangeAssignor() {}

  /**
   * @param subscriptions each member's subscribed topic ids, by member id
   * @param topics the subscribed topics that exist
   * @return every member's target, by member id (every member listed, perhaps with nothing)
   */
  public static Map<String, Set<Owned>> assign(Map<String, Set<UUID>> subscriptions,
      List<UniformAssignor.TopicSpec> topics) {
    Map<String, Set<Owned>> out = new TreeMap<>();
    subscriptions.keySet().forEach(id -> out.put(id, new TreeSet<>()));
    for (UniformAssignor.TopicSpec t : topics) {
      List<String> subscribers = new ArrayList<>();
      out.keySet().forEach(id -> {
        if (subscriptions.get(id).contains(t.id())) {
          subscribers.add(id);
        }
      });
      if (subscribers.isEmpty()) {
        continue;
      }
      int each = t.partitions() / subscribers.size();
      int withOneMore = t.partitions() % subscribers.size();
      int next = 0;
      for (int i = 0; i < subscribers.size(); i++) {
        int count = each + (i < withOneMore ? 1 : 0);
        for (int k = 0; k < count; k++) {
          out.get(subscribers.get(i)).add(new Owned(t.id(), next++));
        }
      }
    }
    return out;
  }
}
