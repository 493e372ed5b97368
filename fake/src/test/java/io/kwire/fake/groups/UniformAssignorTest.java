package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.groups.ConsumerGroup.Owned;
import io.kwire.fake.groups.UniformAssignor.TopicSpec;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The sticky uniform assignor: balanced, sticky, only to subscribers, deterministic. */
class UniformAssignorTest {
  private static final UUID T = new UUID(0, 1);
  private static final UUID U = new UUID(0, 2);

  private static Owned p(UUID topic, int partition) {
    return new Owned(topic, partition);
  }

  private static Set<Owned> of(UUID topic, int... partitions) {
    Set<Owned> out = new TreeSet<>();
    for (int partition : partitions) {
      out.add(p(topic, partition));
    }
    return out;
  }

  /** Every member subscribed to {@code topics}. */
  private static Map<String, Set<UUID>> everyone(List<String> members, Set<UUID> topics) {
    Map<String, Set<UUID>> out = new TreeMap<>();
    members.forEach(m -> out.put(m, topics));
    return out;
  }

  /** How many partitions of the previous target changed owner (dropped members' ones excluded). */
  private static int moved(Map<String, Set<Owned>> before, Map<String, Set<Owned>> after) {
    int moved = 0;
    for (Map.Entry<String, Set<Owned>> e : before.entrySet()) {
      if (after.containsKey(e.getKey())) {
        for (Owned p : e.getValue()) {
          moved += after.get(e.getKey()).contains(p) ? 0 : 1;
        }
      }
    }
    return moved;
  }

  private static void assertEveryPartitionOnce(Map<String, Set<Owned>> target, List<TopicSpec> topics) {
    Set<Owned> all = new TreeSet<>();
    int total = 0;
    for (Set<Owned> owned : target.values()) {
      all.addAll(owned);
      total += owned.size();
    }
    Set<Owned> expected = new TreeSet<>();
    topics.forEach(t -> {
      for (int i = 0; i < t.partitions(); i++) {
        expected.add(p(t.id(), i));
      }
    });
    assertEquals(expected, all, target.toString());
    assertEquals(expected.size(), total, "no partition twice: " + target);
  }

  @Test
  void aFreshGroupIsDealtRoundRobinInMemberIdOrder() {
    Map<String, Set<Owned>> target = UniformAssignor.assign(everyone(List.of("b", "a"), Set.of(T, U)),
        List.of(new TopicSpec(T, 3), new TopicSpec(U, 3)), Map.of());
    assertEquals(Set.of(p(T, 0), p(T, 2), p(U, 1)), target.get("a"));
    assertEquals(Set.of(p(T, 1), p(U, 0), p(U, 2)), target.get("b"));
  }

  @Test
  void aFourthMemberJoiningTakesOnlyWhatTheBalanceNeeds() {
    List<TopicSpec> topics = List.of(new TopicSpec(T, 6));
    Map<String, Set<Owned>> three = Map.of("a", of(T, 0, 3), "b", of(T, 1, 4), "c", of(T, 2, 5));
    Map<String, Set<Owned>> four = UniformAssignor.assign(everyone(List.of("a", "b", "c", "d"), Set.of(T)),
        topics, three);
    assertEveryPartitionOnce(four, topics);
    assertEquals(Map.of("a", of(T, 0), "b", of(T, 1, 4), "c", of(T, 2, 5), "d", of(T, 3)), four,
        "a gives its last partition to d (a is first of the members with the most): one move");
    assertEquals(1, moved(three, four));
  }

  @Test
  void aLeavingMembersPartitionsSpreadAndTheOthersKeepTheirs() {
    List<TopicSpec> topics = List.of(new TopicSpec(T, 8));
    Map<String, Set<Owned>> four = Map.of("a", of(T, 0, 4), "b", of(T, 1, 5), "c", of(T, 2, 6), "d", of(T, 3, 7));
    Map<String, Set<Owned>> three = UniformAssignor.assign(everyone(List.of("a", "b", "c"), Set.of(T)),
        topics, four);
    assertEquals(Map.of("a", of(T, 0, 3, 4), "b", of(T, 1, 5, 7), "c", of(T, 2, 6)), three,
        "d's partitions go to the fewest, ties in member id order");
    assertEquals(0, moved(four, three));
  }

  @Test
  void newAndGrownTopicsGoToTheFewestWithoutMovingOwnedPartitions() {
    Map<String, Set<Owned>> before = Map.of("a", of(T, 0, 2), "b", of(T, 1));
    Map<String, Set<Owned>> grown = UniformAssignor.assign(everyone(List.of("a", "b"), Set.of(T, U)),
        List.of(new TopicSpec(T, 4), new TopicSpec(U, 2)), before);
    Map<String, Set<Owned>> expected = Map.of("a", new TreeSet<>(Set.of(p(T, 0), p(T, 2), p(U, 0))),
        "b", new TreeSet<>(Set.of(p(T, 1), p(T, 3), p(U, 1))));
    assertEquals(expected, grown);
    assertEquals(0, moved(before, grown));
  }

  @Test
  void aShrunkOrDeletedTopicsPartitionsAreDropped() {
    Map<String, Set<Owned>> before = Map.of("a", of(T, 0, 1, 2), "b", of(U, 0, 1, 2));
    Map<String, Set<Owned>> after = UniformAssignor.assign(everyone(List.of("a", "b"), Set.of(T, U)),
        List.of(new TopicSpec(T, 2)), before);
    assertEquals(Map.of("a", of(T, 0), "b", of(T, 1)), after);
  }

  @Test
  void heterogeneousSubscriptionsGiveEachPartitionOnlyToASubscriber() {
    Map<String, Set<UUID>> subscriptions = new TreeMap<>(Map.of("a", Set.of(T, U), "b", Set.of(T), "c", Set.of(U)));
    List<TopicSpec> topics = List.of(new TopicSpec(T, 4), new TopicSpec(U, 2));
    Map<String, Set<Owned>> target = UniformAssignor.assign(subscriptions, topics, Map.of());
    assertEveryPartitionOnce(target, topics);
    target.forEach((member, owned) -> owned.forEach(p -> assertTrue(subscriptions.get(member).contains(p.topicId()),
        member + " does not subscribe to " + p)));
    target.values().forEach(owned -> assertEquals(2, owned.size(), target.toString()));

    // c leaves: U's partitions can only go to a, which then hands T's partitions to b for balance.
    subscriptions.remove("c");
    Map<String, Set<Owned>> two = UniformAssignor.assign(subscriptions, topics, target);
    assertEveryPartitionOnce(two, topics);
    assertEquals(3, two.get("a").size());
    assertTrue(two.get("a").containsAll(of(U, 0, 1)), two.toString());
    assertTrue(two.get("b").containsAll(target.get("b")), "b keeps what it had: " + two);
    assertEquals(3, two.get("b").size());
  }

  @Test
  void aMemberNoLongerSubscribedLosesTheTopic() {
    Map<String, Set<Owned>> before = Map.of("a", of(T, 0, 1), "b", of(T, 2, 3));
    Map<String, Set<UUID>> subscriptions = new TreeMap<>(Map.of("a", Set.of(T), "b", Set.<UUID>of()));
    Map<String, Set<Owned>> after = UniformAssignor.assign(subscriptions, List.of(new TopicSpec(T, 4)), before);
    assertEquals(Map.of("a", of(T, 0, 1, 2, 3), "b", Set.of()), after);
  }

  @Test
  void randomChurnStaysBalancedMinimalAndDeterministic() {
    Random random = new Random(848);
    List<TopicSpec> topics = List.of(new TopicSpec(T, 17), new TopicSpec(U, 7));
    Map<String, Set<Owned>> target = Map.of();
    List<String> members = new java.util.ArrayList<>(List.of("m0"));
    for (int round = 0; round < 200; round++) {
      if (members.size() > 1 && random.nextBoolean()) {
        members.remove(random.nextInt(members.size()));
      } else {
        members.add("m" + (round + 1));
      }
      Map<String, Set<UUID>> subscriptions = everyone(members, Set.of(T, U));
      Map<String, Set<Owned>> next = UniformAssignor.assign(subscriptions, topics, target);
      Map<String, Set<UUID>> reversed = new LinkedHashMap<>();
      new TreeMap<>(subscriptions).descendingMap().forEach(reversed::put);
      assertEquals(next, UniformAssignor.assign(reversed, topics, new HashMap<>(target)),
          "deterministic, whatever the order of the maps");
      assertEquals(next, UniformAssignor.assign(subscriptions, topics, next), "a balanced target is a fixed point");
      assertEveryPartitionOnce(next, topics);
      int floor = 24 / members.size();
      for (String m : members) {
        int size = next.get(m).size();
        assertTrue(size == floor || size == floor + 1, next.toString());
      }
      assertEquals(fewestMoves(target, members, floor, 24 % members.size()), moved(target, next),
          "round " + round + ": " + target + " -> " + next);
      target = next;
    }
  }

  /**
   * The fewest moves that balance a homogeneous group: the members that had the most keep the
   * ceiling, the others the floor, and each gives what it had beyond its own.
   */
  private static int fewestMoves(Map<String, Set<Owned>> before, List<String> members, int floor, int atCeiling) {
    List<Integer> had = new java.util.ArrayList<>();
    members.forEach(m -> had.add(before.getOrDefault(m, Set.of()).size()));
    had.sort(java.util.Comparator.reverseOrder());
    int moves = 0;
    for (int i = 0; i < had.size(); i++) {
      moves += Math.max(0, had.get(i) - (i < atCeiling ? floor + 1 : floor));
    }
    return moves;
  }
}
