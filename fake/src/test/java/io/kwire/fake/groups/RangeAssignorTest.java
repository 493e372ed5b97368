package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.groups.ConsumerGroup.Owned;
import io.kwire.fake.groups.UniformAssignor.TopicSpec;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The range assignor: contiguous ranges per topic over its subscribers; which assignor a group uses. */
class RangeAssignorTest {
  private static final UUID T = new UUID(0, 1);
  private static final UUID U = new UUID(0, 2);

  private static Set<Owned> of(UUID topic, int... partitions) {
    Set<Owned> out = new TreeSet<>();
    Arrays.stream(partitions).forEach(p -> out.add(new Owned(topic, p)));
    return out;
  }

  @Test
  void eachTopicIsSplitInRangesTheFirstMembersTakingOneMore() {
    Map<String, Set<UUID>> subscriptions = new TreeMap<>(Map.of("c", Set.of(T, U), "a", Set.of(T), "b", Set.of(T, U)));
    Map<String, Set<Owned>> target = RangeAssignor.assign(subscriptions,
        List.of(new TopicSpec(T, 7), new TopicSpec(U, 3)));
    Set<Owned> b = of(T, 3, 4);
    b.addAll(of(U, 0, 1));
    Set<Owned> c = of(T, 5, 6);
    c.addAll(of(U, 2));
    assertEquals(Map.of("a", of(T, 0, 1, 2), "b", b, "c", c), target);
  }

  @Test
  void moreMembersThanPartitionsLeavesTheLastOnesWithout() {
    Map<String, Set<UUID>> subscriptions = new TreeMap<>(Map.of("a", Set.of(T), "b", Set.of(T), "c", Set.of(T)));
    assertEquals(Map.of("a", of(T, 0), "b", of(T, 1), "c", Set.of()),
        RangeAssignor.assign(subscriptions, List.of(new TopicSpec(T, 2))));
  }

  @Test
  void aGroupUsesTheAssignorItsMembersNameMostUniformByDefault() {
    assertEquals("uniform", ServerAssignors.preferred(List.of()));
    assertEquals("uniform", ServerAssignors.preferred(Arrays.asList(null, null)));
    assertEquals("range", ServerAssignors.preferred(Arrays.asList("range", null)));
    assertEquals("range", ServerAssignors.preferred(List.of("range", "range", "uniform")));
    assertEquals("uniform", ServerAssignors.preferred(List.of("range", "uniform")), "a tie: the default");
    assertEquals("ServerAssignor sticky is not supported. Supported assignors: uniform, range.",
        ServerAssignors.unsupportedMessage("sticky"));
  }
}
