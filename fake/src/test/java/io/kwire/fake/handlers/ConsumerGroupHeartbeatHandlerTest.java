package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.GroupCoordinator;
import io.kwire.messages.ConsumerGroupDescribeRequestBuilder;
import io.kwire.messages.ConsumerGroupDescribeResponse;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder.TopicPartitionsBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder;
import io.kwire.messages.OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder;
import io.kwire.messages.OffsetCommitResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ConsumerGroupHeartbeat (KIP-848) on one broker and a manual clock: join, reconcile, fence, leave. */
class ConsumerGroupHeartbeatHandlerTest {
  private final TestBrokers brokers = new TestBrokers(1);
  private final Topic topic = brokers.cluster.createTopic("t", 4, 1, null, TopicConfigs.of(Map.of()));
  private final ConsumerGroupHeartbeatHandler handler = new ConsumerGroupHeartbeatHandler(brokers.groups);

  @Test
  void aLoneMemberJoinsANewGroupAtEpochTwoWithEveryPartition() {
    ConsumerGroupHeartbeatResponse joined = join("member-a");
    assertEquals(ErrorCode.NONE, joined.errorCode());
    assertEquals("member-a", joined.memberId());
    assertEquals(2, joined.memberEpoch(), "Kafka 4.4 leaves a group its first heartbeat creates at epoch 2");
    assertEquals(GroupCoordinator.CONSUMER_HEARTBEAT_INTERVAL_MS, joined.heartbeatIntervalMs());
    assertEquals(List.of(0, 1, 2, 3), partitions(joined));

    ConsumerGroupHeartbeatResponse steady = beat("member-a", 2, null);
    assertEquals(2, steady.memberEpoch());
    assertNull(steady.assignment(), "an unchanged assignment is not sent again");
  }

  @Test
  void aMemberWithoutAnIdIsGivenOne() {
    ConsumerGroupHeartbeatResponse joined = join("");
    assertEquals(ErrorCode.NONE, joined.errorCode());
    assertFalse(joined.memberId().isEmpty());
    assertEquals(2, joined.memberEpoch());
  }

  @Test
  void aJoiningMemberGetsPartitionsOnlyAfterTheOwnerRevokesThem() {
    join("a");
    ConsumerGroupHeartbeatResponse b = join("b");
    assertEquals(3, b.memberEpoch());
    assertEquals(List.of(), partitions(b), "a still holds every partition");

    ConsumerGroupHeartbeatResponse revoke = beat("a", 2, null);
    assertEquals(2, revoke.memberEpoch(), "the epoch stays until a has revoked");
    assertEquals(List.of(0, 1), partitions(revoke)); // sticky: a keeps its first two
    assertNull(beat("b", 3, null).assignment(), "a has not confirmed yet: b still gets nothing");

    ConsumerGroupHeartbeatResponse revoked = beat("a", 2, List.of(0, 1));
    assertEquals(3, revoked.memberEpoch());
    assertNull(revoked.assignment());
    assertEquals(List.of(2, 3), partitions(beat("b", 3, null)));

    ConsumerGroupDescribeResponse.DescribedGroup described = describe();
    assertEquals("Stable", described.groupState());
    assertEquals(3, described.groupEpoch());
    assertEquals(2, described.members().size());
  }

  @Test
  void staleAndUnknownMembersAreRejectedAsKafkaRejectsThem() {
    join("a");
    join("b");
    assertEquals(ErrorCode.FENCED_MEMBER_EPOCH, beat("a", 7, null).errorCode());
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, beat("nobody", 2, null).errorCode());
    ConsumerGroupHeartbeatResponse noGroup = handle(request("x", 1).groupId("no-group").build());
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, noGroup.errorCode(), "as Kafka 4.4 answers (GroupTypesAgainstKafkaTest)");
    assertEquals("Consumer group no-group not found.", noGroup.errorMessage());
    assertEquals(ErrorCode.INVALID_REQUEST, handle(request("", 3).build()).errorCode());

    assertEquals(ErrorCode.STALE_MEMBER_EPOCH, commit("a", 3));
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, commit("nobody", 2));
    assertEquals(ErrorCode.NONE, commit("a", 2));
  }

  @Test
  void aSilentMemberIsFencedAfterTheSessionTimeoutAndTheOtherTakesOver() {
    join("a");
    join("b");
    beat("a", 2, null);
    beat("a", 2, List.of(0, 1));
    brokers.clock.advance(GroupCoordinator.CONSUMER_SESSION_TIMEOUT_MS - 1_000);
    beat("a", 3, null);
    brokers.clock.advance(2_000);
    assertEquals(ErrorCode.UNKNOWN_MEMBER_ID, beat("b", 3, null).errorCode(), "b was fenced");
    ConsumerGroupHeartbeatResponse alone = beat("a", 3, null);
    assertEquals(4, alone.memberEpoch());
    assertEquals(List.of(0, 1, 2, 3), partitions(alone));
  }

  @Test
  void aLeavingMemberGivesItsPartitionsBack() {
    join("a");
    join("b");
    beat("a", 2, null);
    beat("a", 2, List.of(0, 1));
    assertEquals(List.of(2, 3), partitions(beat("b", 3, null)));
    ConsumerGroupHeartbeatResponse left = beat("b", -1, null);
    assertEquals(-1, left.memberEpoch());
    ConsumerGroupHeartbeatResponse alone = beat("a", 3, null);
    assertEquals(4, alone.memberEpoch());
    assertEquals(List.of(0, 1, 2, 3), partitions(alone));
    assertEquals(ErrorCode.NONE, beat("a", -1, null).errorCode());
    ConsumerGroupDescribeResponse.DescribedGroup empty = describe();
    assertEquals("Empty", empty.groupState());
    assertEquals(5, empty.groupEpoch(), "the last member leaving moves the epoch on too");
    assertEquals(5, empty.assignmentEpoch());
  }

  @Test
  void aRegexSubscriptionCoversTheMatchingTopics() {
    brokers.cluster.createTopic("other", 2, 1, null, TopicConfigs.of(Map.of()));
    ConsumerGroupHeartbeatResponse joined = handle(request("a", 0).subscribedTopicNames(List.of())
        .subscribedTopicRegex("oth.*").rebalanceTimeoutMs(30_000).topicPartitions(List.of()).build());
    assertEquals(1, joined.assignment().topicPartitions().size());
    assertEquals(brokers.cluster.topic("other").id(), joined.assignment().topicPartitions().get(0).topicId());
    assertEquals(ErrorCode.INVALID_REGULAR_EXPRESSION, handle(request("b", 0).subscribedTopicNames(List.of())
        .subscribedTopicRegex("(").build()).errorCode());
  }

  @Test
  void aRegexIsRe2AsKafkasIsSoAPathologicalOneCannotStallTheCluster() {
    // (x+x+)+y against 40 x's: java.util.regex backtracks through about 2^40 ways; RE2 is linear.
    brokers.cluster.createTopic("x".repeat(40), 1, 1, null, TopicConfigs.of(Map.of()));
    ConsumerGroupHeartbeatResponse joined = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(20), () -> handle(request("a", 0).subscribedTopicNames(List.of())
            .subscribedTopicRegex("(x+x+)+y").rebalanceTimeoutMs(30_000).topicPartitions(List.of()).build()));
    assertEquals(ErrorCode.NONE, joined.errorCode());
    assertEquals(List.of(), joined.assignment().topicPartitions(), "no topic matches");
    // What RE2 does not have (a back reference) is refused, as Kafka refuses it.
    assertEquals(ErrorCode.INVALID_REGULAR_EXPRESSION, handle(request("b", 0).subscribedTopicNames(List.of())
        .subscribedTopicRegex("(t)\\1").build()).errorCode());
  }

  @Test
  void aFourthMemberJoiningThreeOnSixPartitionsMovesOnlyThePartitionTheBalanceNeeds() {
    Topic six = brokers.cluster.createTopic("six", 6, 1, null, TopicConfigs.of(Map.of()));
    Map<String, Integer> epochs = new java.util.TreeMap<>();
    Map<String, List<Integer>> owned = new java.util.TreeMap<>();
    for (String member : List.of("a", "b", "c")) {
      joinAndSettle(six, member, epochs, owned);
    }
    assertEquals(Map.of("a", List.of(0, 1), "b", List.of(3, 4), "c", List.of(2, 5)), owned,
        "each joiner took only the excess of the others");
    joinAndSettle(six, "d", epochs, owned);
    // The round robin of old gave a [0, 4], b [1, 5], c [2], d [3]: four partitions moving.
    assertEquals(Map.of("a", List.of(0), "b", List.of(3, 4), "c", List.of(2, 5), "d", List.of(1)), owned,
        "one partition moves, from the first member with the most to d");
    assertEquals("Stable", describe().groupState());
  }

  @Test
  void anUnknownServerAssignorIsRefusedAsKafkaRefusesIt() {
    ConsumerGroupHeartbeatResponse refused = handle(request("a", 0).subscribedTopicNames(List.of("t"))
        .rebalanceTimeoutMs(30_000).topicPartitions(List.of()).serverAssignor("sticky").build());
    assertEquals(ErrorCode.UNSUPPORTED_ASSIGNOR, refused.errorCode());
    assertEquals("ServerAssignor sticky is not supported. Supported assignors: uniform, range.",
        refused.errorMessage());
    assertEquals(ErrorCode.GROUP_ID_NOT_FOUND, handle(request("a", 3).build()).errorCode(), "no group was made");
    join("a");
    assertEquals(ErrorCode.UNSUPPORTED_ASSIGNOR, handle(request("a", 2).serverAssignor("cooperative-sticky").build())
        .errorCode(), "checked in every heartbeat");
  }

  @Test
  void membersNamingRangeGetContiguousRanges() {
    Topic six = brokers.cluster.createTopic("six", 5, 1, null, TopicConfigs.of(Map.of()));
    Map<String, Integer> epochs = new java.util.TreeMap<>();
    Map<String, List<Integer>> owned = new java.util.TreeMap<>();
    assignor = "range";
    joinAndSettle(six, "a", epochs, owned);
    assertEquals("range", describe().assignorName());
    joinAndSettle(six, "b", epochs, owned);
    assertEquals(Map.of("a", List.of(0, 1, 2), "b", List.of(3, 4)), owned);
    assignor = null;
    joinAndSettle(six, "c", epochs, owned);
    assertEquals("range", describe().assignorName(), "two members name range, one none");
    assertEquals(Map.of("a", List.of(0, 1), "b", List.of(2, 3), "c", List.of(4)), owned);
  }

  @Test
  void anAssignorNamedLaterAppliesAtTheNextGroupEpochAsInKafka() {
    Topic six = brokers.cluster.createTopic("six", 6, 1, null, TopicConfigs.of(Map.of()));
    Map<String, Integer> epochs = new java.util.TreeMap<>();
    Map<String, List<Integer>> owned = new java.util.TreeMap<>();
    for (String member : List.of("a", "b", "c")) {
      joinAndSettle(six, member, epochs, owned);
    }
    assertEquals(Map.of("a", List.of(0, 1), "b", List.of(3, 4), "c", List.of(2, 5)), owned, "uniform");
    ConsumerGroupHeartbeatResponse named = handle(request("a", epochs.get("a")).serverAssignor("range").build());
    assertEquals(epochs.get("a"), named.memberEpoch(), "naming an assignor does not move the epoch");
    assertNull(named.assignment());
    assertEquals("range", describe().assignorName(), "though the group now prefers it");
    assertEquals("Stable", describe().groupState());
    assignor = "range";
    joinAndSettle(six, "d", epochs, owned);
    assertEquals(Map.of("a", List.of(0, 1), "b", List.of(2, 3), "c", List.of(4), "d", List.of(5)), owned,
        "the next epoch (d joining) is assigned by range");
  }

  @Test
  void aGroupWhoseMembersNameNoAssignorIsUniform() {
    join("a");
    assertEquals("uniform", describe().assignorName());
  }

  /** The ServerAssignor a joining member names in {@link #joinAndSettle}, or null. */
  private String assignor;

  /** The member joins "six"; then every member heartbeats what it owns until the group is stable. */
  private void joinAndSettle(Topic six, String member, Map<String, Integer> epochs, Map<String, List<Integer>> owned) {
    epochs.put(member, 0);
    owned.put(member, List.of());
    for (int round = 0; round < 10 && (round == 0 || !describe().groupState().equals("Stable")); round++) {
      for (String m : epochs.keySet()) {
        ConsumerGroupHeartbeatRequestBuilder b = request(m, epochs.get(m)).topicPartitions(List.of(
            new TopicPartitionsBuilder().topicId(six.id()).partitions(owned.get(m)).build()));
        if (epochs.get(m) == 0) {
          b.subscribedTopicNames(List.of("six")).rebalanceTimeoutMs(30_000).serverAssignor(assignor);
        }
        ConsumerGroupHeartbeatResponse r = handle(b.build());
        assertEquals(ErrorCode.NONE, r.errorCode(), m);
        epochs.put(m, r.memberEpoch());
        if (r.assignment() != null) {
          owned.put(m, partitions(r));
        }
      }
    }
  }

  private ConsumerGroupHeartbeatResponse join(String memberId) {
    return handle(request(memberId, 0).subscribedTopicNames(List.of("t")).rebalanceTimeoutMs(30_000)
        .topicPartitions(List.of()).build());
  }

  private ConsumerGroupHeartbeatResponse beat(String memberId, int epoch, List<Integer> owned) {
    ConsumerGroupHeartbeatRequestBuilder b = request(memberId, epoch);
    if (owned != null) {
      b.topicPartitions(List.of(new TopicPartitionsBuilder().topicId(topic.id()).partitions(owned).build()));
    }
    return handle(b.build());
  }

  private static ConsumerGroupHeartbeatRequestBuilder request(String memberId, int epoch) {
    return new ConsumerGroupHeartbeatRequestBuilder().groupId("g").memberId(memberId).memberEpoch(epoch);
  }

  private ConsumerGroupHeartbeatResponse handle(ConsumerGroupHeartbeatRequest request) {
    return now(handler.handle(request, at(0, 1)));
  }

  private static List<Integer> partitions(ConsumerGroupHeartbeatResponse response) {
    assertNotNull(response.assignment(), "an assignment");
    List<Integer> out = new ArrayList<>();
    response.assignment().topicPartitions().forEach(t -> out.addAll(t.partitions()));
    return out;
  }

  private ConsumerGroupDescribeResponse.DescribedGroup describe() {
    return now(new ConsumerGroupDescribeHandler(brokers.cluster, brokers.groups).handle(
        new ConsumerGroupDescribeRequestBuilder().groupIds(List.of("g")).build(), at(0, 1))).groups().get(0);
  }

  private short commit(String memberId, int epoch) {
    OffsetCommitResponse r = now(new OffsetCommitHandler(brokers.cluster, brokers.groups).handle(
        new OffsetCommitRequestBuilder().groupId("g").memberId(memberId).generationIdOrMemberEpoch(epoch)
            .topics(List.of(new OffsetCommitRequestTopicBuilder().name("t").partitions(List.of(
                new OffsetCommitRequestPartitionBuilder().partitionIndex(0).committedOffset(5).committedMetadata("")
                    .build())).build())).build(), at(0, 9)));
    return r.topics().get(0).partitions().get(0).errorCode();
  }
}
