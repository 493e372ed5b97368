package io.kwire.fake.groups;

import io.kwire.fake.groups.ConsumerGroup.Owned;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

/**
 * The fake's "uniform" server-side assignor of KIP-848 consumer groups, sticky as Kafka's default
 * one: a partition stays with its previous target owner while that member still subscribes to its
 * topic, unowned partitions go one by one to an eligible member with the fewest (ties: member id
 * order), and then a partition moves from a member to one of its topic's subscribers only while the
 * giver has at least two more than the taker. With every member subscribed to the same topics this
 * leaves each member the floor or the ceiling of partitions/members and moves only the excess; with
 * different subscriptions each partition goes only to a subscriber of its topic, balanced as far as
 * single moves can balance it. Deterministic: the same input always gives the same target.
 */
public final class UniformAssignor {
  /** A topic to assign: its id and partition count (topics are dealt in the order given). */
  public record TopicSpec(UUID id, int partitions) {}

  private UniformAssignor() {}

  /**
   * @param subscriptions each member's subscribed topic ids, by member id
   * @param topics the subscribed topics that exist, in the order unowned partitions are dealt
   * @param previous the previous target, by member id (members and partitions gone are ignored)
   * @return every member's target, by member id (every member listed, perhaps with nothing)
   */
  public static Map<String, Set<Owned>> assign(Map<String, Set<UUID>> subscriptions, List<TopicSpec> topics,
      Map<String, Set<Owned>> previous) {
    Map<String, Set<Owned>> out = new TreeMap<>();
    subscriptions.keySet().forEach(id -> out.put(id, new TreeSet<>()));
    Map<UUID, Integer> counts = new LinkedHashMap<>();
    topics.forEach(t -> counts.put(t.id(), t.partitions()));
    // Sticky: what a member had stays, while it still subscribes and the partition still exists.
    Set<Owned> kept = new TreeSet<>();
    for (Map.Entry<String, Set<Owned>> e : new TreeMap<>(previous).entrySet()) {
      Set<Owned> mine = out.get(e.getKey());
      if (mine == null) {
        continue;
      }
      for (Owned p : e.getValue()) {
        Integer count = counts.get(p.topicId());
        if (count != null && p.partition() < count && subscriptions.get(e.getKey()).contains(p.topicId())
            && kept.add(p)) {
          mine.add(p);
        }
      }
    }
    // The unowned, the most constrained topics first (the fewest subscribers), each to the eligible
    // member with the fewest.
    Map<UUID, List<String>> subscribersByTopic = new LinkedHashMap<>();
    topics.forEach(t -> subscribersByTopic.put(t.id(), subscribersOf(subscriptions, t.id())));
    List<TopicSpec> byConstraint = new ArrayList<>(topics);
    byConstraint.sort(Comparator.comparingInt(t -> subscribersByTopic.get(t.id()).size()));
    for (TopicSpec t : byConstraint) {
      List<String> subscribers = subscribersByTopic.get(t.id());
      if (subscribers.isEmpty()) {
        continue;
      }
      for (int partition = 0; partition < t.partitions(); partition++) {
        Owned p = new Owned(t.id(), partition);
        if (!kept.contains(p)) {
          out.get(fewest(out, subscribers)).add(p);
        }
      }
    }
    balance(out, subscriptions);
    return out;
  }

  /**
   * Moves one partition at a time from the member with the most to the member with the fewest of
   * those who subscribe to its topic, while they differ by two or more. Each move lowers the sum of
   * the squared counts, so this ends; a giver gives its last partitions first.
   */
  private static void balance(Map<String, Set<Owned>> out, Map<String, Set<UUID>> subscriptions) {
    Comparator<String> mostFirst = Comparator.<String>comparingInt(id -> -out.get(id).size())
        .thenComparing(Comparator.naturalOrder());
    Comparator<String> fewestFirst = Comparator.<String>comparingInt(id -> out.get(id).size())
        .thenComparing(Comparator.naturalOrder());
    boolean moved = true;
    while (moved) {
      moved = false;
      List<String> givers = new ArrayList<>(out.keySet());
      givers.sort(mostFirst);
      List<String> takers = new ArrayList<>(out.keySet());
      takers.sort(fewestFirst);
      search:
      for (String giver : givers) {
        for (String taker : takers) {
          if (out.get(giver).size() - out.get(taker).size() < 2) {
            break;
          }
          Set<UUID> takes = subscriptions.get(taker);
          for (Owned p : ((TreeSet<Owned>) out.get(giver)).descendingSet()) {
            if (takes.contains(p.topicId())) {
              out.get(giver).remove(p);
              out.get(taker).add(p);
              moved = true;
              break search;
            }
          }
        }
      }
    }
  }

  private static List<String> subscribersOf(Map<String, Set<UUID>> subscriptions, UUID topic) {
    List<String> ids = new ArrayList<>();
    new TreeMap<>(subscriptions).forEach((id, topics) -> {
      if (topics.contains(topic)) {
        ids.add(id);
      }
    });
    return ids;
  }

  /** The member with the fewest partitions among {@code candidates} (in id order: the first wins ties). */
  private static String fewest(Map<String, Set<Owned>> out, List<String> candidates) {
    String best = candidates.get(0);
    for (String id : candidates) {
      if (out.get(id).size() < out.get(best).size()) {
        best = id;
      }
    }
    return best;
  }
}
