package io.kwire.fake.groups;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.ManualClock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The classic group state machine on a manual clock. */
class ClassicGroupTest {
  private static final int SESSION = 1_000;
  private static final int REBALANCE = 5_000;
  private static final List<Protocol> RANGE = List.of(new Protocol("range", new byte[] {1}));

  private static final Client CLIENT = new Client("client", "/127.0.0.1", null);

  private final ManualClock clock = new ManualClock(0);
  private final ClassicGroup group = new ClassicGroup("g", clock, 0);

  @Test
  void aNewMemberIsToldItsIdThenJoinsAsLeaderOfGenerationOne() {
    JoinOutcome first = join("");
    assertEquals(ErrorCode.MEMBER_ID_REQUIRED, first.errorCode());
    assertTrue(first.memberId().startsWith("client-"), first.memberId());
    assertEquals(GroupState.EMPTY, group.state());

    JoinOutcome joined = join(first.memberId());
    assertEquals(ErrorCode.NONE, joined.errorCode());
    assertEquals(1, joined.generationId());
    assertEquals(first.memberId(), joined.leader());
    assertEquals("range", joined.protocolName());
    assertEquals(1, joined.members().size());
    assertEquals(GroupState.COMPLETING_REBALANCE, group.state());

    SyncOutcome synced = group.sync(first.memberId(), 1, "consumer", "range",
        Map.of(first.memberId(), new byte[] {9})).join();
    assertArrayEquals(new byte[] {9}, synced.assignment());
    assertEquals(GroupState.STABLE, group.state());
  }

  @Test
  void aSecondMemberRebalancesTheGroupAndBothGetTheirAssignments() {
    String a = member();
    JoinOutcome b0 = join("");
    CompletableFuture<JoinOutcome> bJoin = group.join(b0.memberId(), CLIENT, SESSION, REBALANCE, "consumer", RANGE,
        true);
    assertFalse(bJoin.isDone(), "b waits for a to rejoin");
    assertEquals(GroupState.PREPARING_REBALANCE, group.state());
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, group.heartbeat(a, 1));

    JoinOutcome aJoined = join(a);
    assertTrue(bJoin.isDone());
    assertEquals(2, aJoined.generationId());
    assertEquals(a, aJoined.leader(), "the leader stays");
    assertEquals(2, aJoined.members().size());
    assertEquals(List.of(), bJoin.join().members(), "only the leader sees the members");

    CompletableFuture<SyncOutcome> bSync = group.sync(b0.memberId(), 2, null, null, Map.of());
    assertFalse(bSync.isDone(), "a follower waits for the leader's assignment");
    group.sync(a, 2, null, null, Map.of(a, new byte[] {1}, b0.memberId(), new byte[] {2}));
    assertArrayEquals(new byte[] {2}, bSync.join().assignment());
    assertEquals(ErrorCode.NONE, group.heartbeat(a, 2));
    assertEquals(ErrorCode.ILLEGAL_GENERATION, group.heartbeat(a, 1));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, group.heartbeat("nobody", 2));
  }

  @Test
  void aMemberThatStopsHeartbeatingIsRemovedAtItsSessionTimeout() {
    String a = member();
    clock.advance(SESSION - 1);
    assertEquals(ErrorCode.NONE, group.heartbeat(a, 1));
    clock.advance(SESSION - 1);
    assertEquals(1, group.memberCount(), "the heartbeat renewed the session");
    clock.advance(1);
    assertEquals(0, group.memberCount());
    assertEquals(GroupState.EMPTY, group.state());
    assertEquals(2, group.generationId(), "emptying the group ends a generation");
  }

  @Test
  void aMemberThatDoesNotRejoinIsDroppedAtTheRebalanceTimeout() {
    String a = member();
    String b0 = join("").memberId();
    CompletableFuture<JoinOutcome> bJoin = group.join(b0, CLIENT, SESSION, REBALANCE, "consumer", RANGE, true);
    for (int t = 0; t < REBALANCE; t += SESSION / 2) {
      clock.advance(SESSION / 2);
      if (bJoin.isDone()) {
        break;
      }
      assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, group.heartbeat(a, 1), "a heartbeats but never rejoins");
    }
    assertTrue(bJoin.isDone());
    assertEquals(b0, bJoin.join().leader(), "a was dropped, b leads");
    assertEquals(1, group.memberCount());
  }

  @Test
  void leavingRebalancesTheOthersAndUnknownMembersCannotLeave() {
    String a = member();
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, group.leave("nobody"));
    assertEquals(ErrorCode.NONE, group.leave(a));
    assertEquals(GroupState.EMPTY, group.state());
  }

  @Test
  void commitsNeedTheCurrentGenerationUnlessTheGroupIsEmpty() {
    assertEquals(ErrorCode.NONE, group.checkCommit("", -1), "an empty group takes commits without a generation");
    String a = member();
    assertEquals(ErrorCode.REBALANCE_IN_PROGRESS, group.checkCommit(a, 1), "not while awaiting the assignment");
    group.sync(a, 1, null, null, Map.of());
    assertEquals(ErrorCode.NONE, group.checkCommit(a, 1));
    assertEquals(ErrorCode.ILLEGAL_GENERATION, group.checkCommit(a, 0));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, group.checkCommit("nobody", 1));
  }

  @Test
  void membersMustShareTheProtocolTypeAndAProtocol() {
    member();
    JoinOutcome other = group.join("", CLIENT, SESSION, REBALANCE, "connect", RANGE, false).join();
    assertEquals(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, other.errorCode());
    JoinOutcome noCommon = group.join("", CLIENT, SESSION, REBALANCE, "consumer",
        List.of(new Protocol("sticky", new byte[0])), false).join();
    assertEquals(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, noCommon.errorCode());
  }

  @Test
  void aGroupHoldsAtMostAThousandMembersAndPendingIds() {
    for (int i = 0; i < 1_000; i++) {
      assertEquals(ErrorCode.MEMBER_ID_REQUIRED, join("").errorCode());
    }
    assertEquals(ErrorCode.GROUP_MAX_SIZE_REACHED, join("").errorCode());
    clock.advance(SESSION);
    assertEquals(ErrorCode.MEMBER_ID_REQUIRED, join("").errorCode(), "ids never used expire with the session");
  }

  @Test
  void aStaticMemberJoinsAtOnceAndOnRestartTakesItsPlaceFencingItsOldId() {
    Client instance = new Client("client", "/127.0.0.1", "instance-1");
    JoinOutcome first = group.join("", instance, SESSION, REBALANCE, "consumer", RANGE, true).join();
    assertEquals(ErrorCode.NONE, first.errorCode(), "no MEMBER_ID_REQUIRED for a static member");
    group.sync(first.memberId(), 1, null, null, Map.of(first.memberId(), new byte[] {7}));

    JoinOutcome restarted = group.join("", instance, SESSION, REBALANCE, "consumer", RANGE, true).join();
    assertEquals(ErrorCode.NONE, restarted.errorCode());
    assertFalse(restarted.memberId().equals(first.memberId()), "a new member id");
    assertEquals(restarted.memberId(), restarted.leader(), "it keeps the leadership");
    assertEquals(1, group.memberCount(), "it took the old member's place");
    assertEquals(ErrorCode.FENCED_INSTANCE_ID, group.checkInstance(first.memberId(), "instance-1"));
    assertEquals(ErrorCode.NONE, group.checkInstance(restarted.memberId(), "instance-1"));
    assertEquals(ErrorCode.FENCED_INSTANCE_ID,
        group.join(first.memberId(), instance, SESSION, REBALANCE, "consumer", RANGE, true).join().errorCode());
    assertEquals(restarted.memberId(), group.memberOf("instance-1", ""));
  }

  /** A member joined as the only one, at generation 1, awaiting its sync. */
  private String member() {
    String id = join("").memberId();
    assertEquals(ErrorCode.NONE, join(id).errorCode());
    return id;
  }

  private JoinOutcome join(String memberId) {
    CompletableFuture<JoinOutcome> f = group.join(memberId, CLIENT, SESSION, REBALANCE, "consumer", RANGE, true);
    assertTrue(f.isDone(), "answered at once");
    return f.join();
  }
}
