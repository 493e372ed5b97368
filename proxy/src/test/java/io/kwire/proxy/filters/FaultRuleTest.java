package io.kwire.proxy.filters;

import io.kwire.messages.errors.ErrorCodes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.runtime.meta.VersionRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The faults filter's rules: their syntax, what they match, and when they fire. */
class FaultRuleTest {
  @Test
  void aRuleReadsEveryKey() {
    FaultRule rule = FaultRule.parse("api=Produce,versions=9-12,client=app-*,topic=orders,group=g,"
        + "do=error:not_leader_or_follower,every=3,times=2,chance=0.5,seed=7");
    assertEquals(0, rule.api());
    assertEquals(new VersionRange((short) 9, (short) 12), rule.versions());
    assertEquals(new FaultRule.Action.Error((short) 6), rule.action());
    assertEquals(3, rule.every());
    assertEquals(2, rule.times());
    assertEquals(0.5, rule.chance());
    assertEquals(7, rule.seed());
    assertEquals(11, FaultRule.parse("api=11,do=delay:250").api(), "an api by its key");
    assertEquals(new FaultRule.Action.Delay(250), FaultRule.parse("api=JoinGroup,do=delay:250").action());
    assertEquals(new FaultRule.Action.Error((short) 27), FaultRule.parse("do=error:27").action());
    assertEquals(new FaultRule.Action.LoseResponse(), FaultRule.parse("do=lose-response").action());
    assertEquals(new FaultRule.Action.BlackHole(), FaultRule.parse("do=black-hole").action());
    assertEquals(new FaultRule.Action.Disconnect(), FaultRule.parse("do=disconnect").action());
    assertEquals(new VersionRange((short) 4, Short.MAX_VALUE), FaultRule.parse("versions=4-,do=disconnect").versions());
  }

  @Test
  void aWrongRuleIsRefusedNamingItsKey() {
    Map<String, String> wrong = Map.of(
        "api=Produce", "faults needs do=",
        "api=Nope,do=disconnect", "api=Nope is no API name",
        "do=error:NOT_AN_ERROR", "'NOT_AN_ERROR' is no Kafka error name",
        "do=delay:soon", "do=delay needs milliseconds",
        "do=explode", "do=explode is not",
        "do=disconnect,every=0", "every= and times= take a number of 1 or more",
        "do=disconnect,chance=1.5", "chance=1.5 is no probability",
        "do=disconnect,versions=5-2", "versions=5-2 is not",
        "do=disconnect,topics=x", "faults takes api=, versions=");
    wrong.forEach((config, says) -> {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FaultRule.parse(config), config);
      assertTrue(e.getMessage().contains(says), config + ": " + e.getMessage());
    });
  }

  @Test
  void everyNthFiresOnTheNthMatchAndTimesStopsIt() {
    FaultRule rule = FaultRule.parse("do=disconnect,every=3,times=2");
    List<Integer> fired = new ArrayList<>();
    for (int i = 1; i <= 12; i++) {
      if (rule.fire()) {
        fired.add(i);
      }
    }
    assertEquals(List.of(3, 6), fired);
    assertEquals(2, rule.state().fired());
  }

  @Test
  void aChanceFiresTheSameRequestsForTheSameSeed() {
    List<Integer> first = firings("do=disconnect,chance=0.25,seed=42");
    assertEquals(first, firings("do=disconnect,chance=0.25,seed=42"));
    assertTrue(first.size() > 10 && first.size() < 40, "about a quarter of 100: " + first.size());
    assertFalse(first.equals(firings("do=disconnect,chance=0.25,seed=43")), "another seed, other requests");
  }

  private static List<Integer> firings(String config) {
    FaultRule rule = FaultRule.parse(config);
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      if (rule.fire()) {
        out.add(i);
      }
    }
    return out;
  }

  @Test
  void aRuleMatchesVersionClientTopicAndGroup() {
    FaultRule rule = FaultRule.parse("versions=3-5,client=app-*,topic=orders,group=billing,do=disconnect");
    List<String> orders = List.of("orders");
    List<String> billing = List.of("billing");
    assertTrue(rule.matches((short) 3, "app-1", orders, billing));
    assertFalse(rule.matches((short) 6, "app-1", orders, billing), "version");
    assertFalse(rule.matches((short) 3, "other", orders, billing), "client");
    assertFalse(rule.matches((short) 3, null, orders, billing), "no client id");
    assertFalse(rule.matches((short) 3, "app-1", List.of("payments"), billing), "topic");
    assertFalse(rule.matches((short) 3, "app-1", orders, List.of()), "group");
    assertTrue(FaultRule.parse("client=exact,do=disconnect").matches((short) 0, "exact", List.of(), List.of()));
    assertFalse(FaultRule.parse("client=exact,do=disconnect").matches((short) 0, "exactly", List.of(), List.of()));
  }

  @Test
  void theNamesARequestGivesIncludeTopicIdsLearnt() {
    UUID id = UUID.randomUUID();
    Object produce = new ProduceRequestBuilder().topicData(List.of(
        new ProduceRequestBuilder.TopicProduceDataBuilder().name("a").partitionData(List.of()).build(),
        new ProduceRequestBuilder.TopicProduceDataBuilder().topicId(id).partitionData(List.of()).build())).build();
    assertEquals(List.of("a", "orders"), RequestNames.topics(produce, u -> u.equals(id) ? "orders" : null));
    assertEquals(List.of("a"), RequestNames.topics(produce, u -> null), "an id not learnt names nothing");
    Object fetchOffsets = new OffsetFetchRequestBuilder().groups(List.of(new OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder()
        .groupId("g1").build(), new OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder().groupId("g2").build())).build();
    assertEquals(List.of("g1", "g2"), RequestNames.groups(fetchOffsets));
    assertEquals(List.of("g"), RequestNames.groups(new FindCoordinatorRequestBuilder().keyType((byte) 0)
        .coordinatorKeys(List.of("g")).build()));
    assertEquals(List.of(), RequestNames.groups(new FindCoordinatorRequestBuilder().keyType((byte) 1)
        .coordinatorKeys(List.of("txn")).build()), "a transaction's coordinator is no group's");
  }

  @Test
  void errorNamesAndCodes() {
    assertEquals(-1, ErrorCodes.parse("UNKNOWN_SERVER_ERROR"));
    assertEquals(6, ErrorCodes.parse("NOT_LEADER_OR_FOLLOWER"));
    assertEquals(15, ErrorCodes.parse("coordinator_not_available"));
    assertEquals(27, ErrorCodes.parse("REBALANCE_IN_PROGRESS"));
    assertEquals(47, ErrorCodes.parse("INVALID_PRODUCER_EPOCH"));
    assertEquals(90, ErrorCodes.parse("PRODUCER_FENCED"));
    assertEquals(120, ErrorCodes.parse("TRANSACTION_ABORTABLE"));
    assertEquals("PRODUCER_FENCED", ErrorCodes.name((short) 90));
    assertEquals("500", ErrorCodes.name((short) 500));
  }
}
