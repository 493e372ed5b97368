package io.kwire.e2e.clusters;

import io.kwire.e2e.client.Broker;
import io.kwire.messages.ConsumerGroupDescribeRequestBuilder;
import io.kwire.messages.ConsumerGroupDescribeRequestCodec;
import io.kwire.messages.ConsumerGroupDescribeResponse;
import io.kwire.messages.ConsumerGroupDescribeResponseCodec;
import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequestCodec;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import io.kwire.messages.ConsumerGroupHeartbeatResponseCodec;
import io.kwire.messages.ConsumerProtocolAssignment;
import io.kwire.messages.ConsumerProtocolAssignmentCodec;
import io.kwire.messages.ConsumerProtocolSubscription;
import io.kwire.messages.ConsumerProtocolSubscriptionCodec;
import io.kwire.messages.DeleteGroupsRequestBuilder;
import io.kwire.messages.DeleteGroupsRequestCodec;
import io.kwire.messages.DeleteGroupsResponse;
import io.kwire.messages.DeleteGroupsResponseCodec;
import io.kwire.messages.DescribeConfigsRequestBuilder;
import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseCodec;
import io.kwire.messages.DescribeGroupsRequestBuilder;
import io.kwire.messages.DescribeGroupsRequestCodec;
import io.kwire.messages.DescribeGroupsResponse;
import io.kwire.messages.DescribeGroupsResponseCodec;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.HeartbeatRequestBuilder;
import io.kwire.messages.HeartbeatRequestCodec;
import io.kwire.messages.HeartbeatResponseCodec;
import io.kwire.messages.JoinGroupRequestBuilder;
import io.kwire.messages.JoinGroupRequestCodec;
import io.kwire.messages.JoinGroupResponse;
import io.kwire.messages.JoinGroupResponseCodec;
import io.kwire.messages.LeaveGroupRequestBuilder;
import io.kwire.messages.LeaveGroupRequestCodec;
import io.kwire.messages.LeaveGroupResponse;
import io.kwire.messages.LeaveGroupResponseCodec;
import io.kwire.messages.ListGroupsRequestBuilder;
import io.kwire.messages.ListGroupsRequestCodec;
import io.kwire.messages.ListGroupsResponseCodec;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.OffsetCommitResponseCodec;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchRequestCodec;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.OffsetFetchResponseCodec;
import io.kwire.messages.ShareGroupHeartbeatRequestBuilder;
import io.kwire.messages.ShareGroupHeartbeatRequestCodec;
import io.kwire.messages.ShareGroupHeartbeatResponse;
import io.kwire.messages.ShareGroupHeartbeatResponseCodec;
import io.kwire.messages.StreamsGroupDescribeRequestBuilder;
import io.kwire.messages.StreamsGroupDescribeRequestCodec;
import io.kwire.messages.StreamsGroupDescribeResponse;
import io.kwire.messages.StreamsGroupDescribeResponseCodec;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestCodec;
import io.kwire.messages.StreamsGroupHeartbeatResponse;
import io.kwire.messages.StreamsGroupHeartbeatResponseCodec;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateRequestBuilder;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateRequestCodec;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateResponse;
import io.kwire.messages.StreamsGroupTopologyDescriptionUpdateResponseCodec;
import io.kwire.messages.SyncGroupRequestBuilder;
import io.kwire.messages.SyncGroupRequestCodec;
import io.kwire.messages.SyncGroupResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.wire.WireWriter;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One group id, one group type: the same raw requests sent to the real 4.4.0 broker and to the
 * fake, each answer written down (error names, the group's type and state as ListGroups and the
 * describes give them), both lists equal. A classic group of another protocol type than "consumer"
 * refuses a KIP-848 member; a consumer group refuses a classic member of another protocol type and
 * answers the classic requests of members it does not have; each type's describe refuses the
 * other's groups; an empty group of either type becomes the other when a member of the other
 * protocol joins it, its committed offsets kept; a group of offsets only is an empty classic group;
 * deleting an empty group drops its offsets; a share group refuses the other protocols' members and
 * they refuse share members; a streams group likewise, and a streams topology whose source topic is
 * missing is the status Kafka gives. The online migration: a KIP-848 member upgrades a classic "consumer"
 * group with members (not one whose member's metadata is not the consumer protocol's), whose classic
 * member is told to rejoin, commits at its generation, rejoins and syncs; a classic member joins the
 * consumer group; when the KIP-848 member is made to leave (a LeaveGroup), the group is classic
 * again, rebalancing; a classic member told to rejoin that only heartbeats is out at its rebalance
 * timeout. (The
 * assignments and epochs are not compared: Kafka's assignor is sticky, the fake's round robin.)
 */
class GroupTypesAgainstKafkaTest {
  private static final short CONSUMER_PROTOCOL_VERSION = 3;
  /** Kafka's answers while its coordinator loads: COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR. */
  private static final Set<Short> BUSY = Set.of((short) 14, (short) 15, (short) 16);

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  @Test
  void theFakeKeepsOneTypePerGroupIdAsKafkaDoes() throws Exception {
    String names = "group-types-" + Long.toHexString(System.nanoTime() & 0xffffff);
    TARGETS.assertSameTranscript(names, GroupTypesAgainstKafkaTest::run);
  }

  private static List<String> run(Target target, String names) throws Exception {
    String topic = names + "-topic";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
    }
    String bootstrap = target.bootstrapServers().split(",")[0];
    int colon = bootstrap.lastIndexOf(':');
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(bootstrap.substring(0, colon), Integer.parseInt(bootstrap.substring(colon + 1))))) {
      Steps s = new Steps(client, topic);
      // Kafka creates its offsets topic at the first FindCoordinator.
      Broker.poll(() -> Broker.call(client, FindCoordinatorRequestCodec.INSTANCE, FindCoordinatorResponseCodec.INSTANCE,
          (short) 4, new FindCoordinatorRequestBuilder().keyType((byte) 0).coordinatorKeys(List.of(names)).build())
          .coordinators().get(0).errorCode() == 0 ? true : null, "the group coordinator");
      String other = names + "-other";
      String joined = s.joinAndSync("classic group of protocol type 'other'", other, "other");
      s.cghb("KIP-848 member joins a non-empty 'other' classic group", other, UUID.randomUUID().toString(), 0);
      s.list("listed", other);
      s.describe("described", other);
      s.consumerDescribe("consumer-described", other);
      s.leave("classic member leaves", other, joined);
      s.list("listed when empty", other);

      String consumers = names + "-consumers";
      String member = UUID.randomUUID().toString();
      int epoch = s.cghb("KIP-848 member joins", consumers, member, 0);
      s.commit("commit at the member's epoch", consumers, member, epoch);
      s.commit("commit of an unknown member", consumers, "nobody", epoch);
      s.commit("commit without member", consumers, "", -1);
      s.join("classic member of protocol type 'other' joins the consumer group", consumers, "", "other");
      s.heartbeat("classic heartbeat of an unknown member", consumers, "nobody", 1);
      s.sync("classic sync of an unknown member", consumers, "nobody", 1);
      s.leave("classic leave of an unknown member", consumers, "nobody");
      s.list("listed", consumers);
      s.describe("described", consumers);
      s.consumerDescribe("consumer-described", consumers);
      s.delete("deleted while it has a member", consumers);
      s.cghb("KIP-848 member leaves", consumers, member, -1);
      s.list("listed when empty", consumers);
      s.describe("described when empty", consumers);
      String classicMember = s.joinAndSync("classic member joins the empty consumer group", consumers, "consumer");
      s.list("listed", consumers);
      s.consumerDescribe("consumer-described", consumers);
      s.fetch("its offset kept", consumers);
      s.cghb("KIP-848 member heartbeats at epoch 1 to the classic group", consumers, "nobody", 1);
      s.leave("classic member leaves", consumers, classicMember);
      s.list("listed when empty", consumers);
      String back = UUID.randomUUID().toString();
      s.cghb("KIP-848 member joins the empty classic group", consumers, back, 0);
      s.list("listed", consumers);
      s.fetch("its offset kept", consumers);
      s.cghb("KIP-848 member leaves", consumers, back, -1);
      s.delete("deleted when empty", consumers);
      s.list("listed after the delete", consumers);
      s.fetch("its offsets gone", consumers);

      String shared = names + "-shared";
      s.shgb("share member joins", shared, "share-member", 0);
      s.list("listed", shared);
      s.describe("described", shared);
      s.consumerDescribe("consumer-described", shared);
      s.cghb("KIP-848 member joins the share group", shared, UUID.randomUUID().toString(), 0);
      s.join("classic member joins the share group", shared, "", "consumer");
      s.commit("commit without a member to the share group", shared, "", -1);
      s.shgb("share member joins the 'other' classic group", other, "share-member", 0);
      s.shgb("share member heartbeats at epoch 1 to a group that never was", names + "-never", "share-member", 1);
      s.delete("deleted while it has a member", shared);
      s.shgb("share member leaves", shared, "share-member", -1);
      s.list("listed when empty", shared);
      s.cghb("KIP-848 member joins the empty share group", shared, UUID.randomUUID().toString(), 0);
      s.delete("deleted when empty", shared);
      s.list("listed after the delete", shared);

      String streams = names + "-streams";
      s.stgb("streams member joins", streams, "streams-member", 0, topic);
      s.topologyUpdate("topology description pushed", streams, "streams-member");
      s.topologyUpdate("topology description pushed by an unknown member", streams, "nobody");
      s.topologyUpdate("topology description pushed to a group that never was", names + "-never", "nobody");
      s.list("listed", streams);
      s.describe("described", streams);
      s.consumerDescribe("consumer-described", streams);
      s.streamsDescribe("streams-described", streams);
      s.streamsDescribe("streams-described", consumers);
      s.cghb("KIP-848 member joins the streams group", streams, UUID.randomUUID().toString(), 0);
      s.join("classic member joins the streams group", streams, "", "consumer");
      s.shgb("share member joins the streams group", streams, "share-member", 0);
      s.stgb("streams member joins the 'other' classic group", other, "streams-member", 0, topic);
      s.stgb("streams member heartbeats at epoch 1 to a group that never was", names + "-never", "nobody", 1, topic);
      s.stgb("streams member with an unknown member id", streams, "nobody", 1, topic);
      s.commit("commit without a member to the streams group", streams, "", -1);
      s.delete("deleted while it has a member", streams);
      s.stgb("streams member leaves", streams, "streams-member", -1, topic);
      s.list("listed when empty", streams);
      s.delete("deleted when empty", streams);
      s.list("listed after the delete", streams);
      s.stgb("streams member of a topology whose source topic is missing", names + "-missing", "m", 0,
          names + "-no-such-topic");
      s.streamsDescribe("streams-described", names + "-missing");

      s.groupConfigs("group configs", shared);

      migration(s, names + "-migrating");
      stuck(s, names + "-stuck");
      String garbage = names + "-garbage";
      s.joinAndSync("classic member of protocol type 'consumer' with metadata not the consumer protocol's", garbage,
          "consumer", new byte[] {0, 9, 9});
      s.cghb("KIP-848 member joins it", garbage, UUID.randomUUID().toString(), 0);
      s.list("listed", garbage);

      String never = names + "-never";
      s.cghb("KIP-848 heartbeat at epoch 1 to a group that never was", never, "nobody", 1);
      s.describe("described", never);
      s.consumerDescribe("consumer-described", never);
      s.delete("deleted", never);

      String offsetsOnly = names + "-offsets";
      s.commit("commit without a member to a new group", offsetsOnly, "", -1);
      s.list("listed", offsetsOnly);
      s.describe("described", offsetsOnly);
      s.consumerDescribe("consumer-described", offsetsOnly);
      s.cghb("KIP-848 member joins the offsets-only group", offsetsOnly, member, 0);
      s.list("listed", offsetsOnly);
      s.fetch("its offset kept", offsetsOnly);
      s.cghb("KIP-848 member leaves", offsetsOnly, member, -1);
      return s.answers;
    }
  }

  /** A classic group upgraded by a KIP-848 member, joined by another classic member, and back to classic. */
  private static void migration(Steps s, String group) {
    JoinGroupResponse a = s.joinAndSync("classic member joins and takes both partitions", group, "consumer",
        s.subscription(List.of()), s.assignment(0, 1));
    int generation = a.generationId();
    s.commit("commit at its generation", group, a.memberId(), generation);
    String kip848 = UUID.randomUUID().toString();
    s.cghb("KIP-848 member joins the classic group with a member", group, kip848, 0);
    s.list("listed", group);
    s.describe("described", group);
    s.consumerMembers("consumer-described", group);
    s.heartbeat("classic heartbeat at its generation", group, a.memberId(), generation);
    s.commit("commit at its generation", group, a.memberId(), generation);
    s.commit("commit at the next generation", group, a.memberId(), generation + 1);
    s.join("classic member of protocol type 'other' joins", group, "", "other");
    JoinGroupResponse rejoined = s.join("classic member rejoins, owning nothing", group, a.memberId(), "consumer");
    s.sync("classic member syncs", group, a.memberId(), rejoined.generationId());
    s.sync("classic member syncs at another generation", group, a.memberId(), rejoined.generationId() + 7);
    s.heartbeat("classic heartbeat at another generation", group, a.memberId(), rejoined.generationId() + 7);
    JoinGroupResponse c = s.join("new classic member joins the consumer group", group, "", "consumer");
    JoinGroupResponse cJoined = s.join("new classic member joins with its id", group, c.memberId(), "consumer");
    s.sync("new classic member syncs", group, cJoined.memberId(), cJoined.generationId());
    s.consumerMembers("consumer-described", group);
    s.leave("new classic member leaves", group, cJoined.memberId());
    // Kafka takes a LeaveGroup of a KIP-848 member too: the last one gone, the group is classic again.
    s.leave("classic leave of the KIP-848 member's id", group, kip848);
    s.cghb("KIP-848 member's own leave after it", group, kip848, -1);
    s.list("listed", group);
    s.describe("described", group);
    s.consumerDescribe("consumer-described", group);
    s.join("classic member rejoins the classic group", group, a.memberId(), "consumer");
    s.list("listed", group);
    s.fetch("its offset kept", group);
    s.leave("classic member leaves", group, a.memberId());
    s.list("listed when empty", group);
  }

  /**
   * A classic member of an upgraded group told to rejoin that does not: out at its rebalance timeout
   * (1 s here), though it heartbeats, its partitions to the KIP-848 member.
   */
  private static void stuck(Steps s, String group) {
    JoinGroupResponse a = s.joinAndSync("classic member with a rebalance timeout of 1 s takes both partitions", group,
        "consumer", s.subscription(List.of()), s.assignment(0, 1), 1_000);
    String kip848 = UUID.randomUUID().toString();
    s.cghb("KIP-848 member joins", group, kip848, 0);
    s.heartbeat("classic heartbeat", group, a.memberId(), a.generationId());
    s.heartbeatUntil("classic member heartbeating, not rejoining, after its rebalance timeout", group, a.memberId(),
        a.generationId(), Errors.UNKNOWN_MEMBER_ID.code());
    s.consumerMembers("consumer-described", group);
    s.cghb("KIP-848 member leaves", group, kip848, -1);
  }

  /** The requests, each answer written down. */
  private static final class Steps {
    final List<String> answers = new ArrayList<>();
    private final KwireClient client;
    private final String topic;

    Steps(KwireClient client, String topic) {
      this.client = client;
      this.topic = topic;
    }

    private void add(String step, String group, String answer) {
      answers.add(group.substring(group.lastIndexOf('-') + 1) + ": " + step + ": " + answer);
    }

    JoinGroupResponse join(String step, String group, String memberId, String protocolType) {
      return join(step, group, memberId, protocolType, subscription(List.of()));
    }

    /**
     * A JoinGroup; the answer's error, protocol type, whether the member leads and how many members
     * it is shown (the generation is not compared: Kafka computes a consumer group's target assignment
     * apart, so a classic member's epoch may lag there).
     */
    JoinGroupResponse join(String step, String group, String memberId, String protocolType, byte[] metadata) {
      return join(step, group, memberId, protocolType, metadata, 5_000);
    }

    JoinGroupResponse join(String step, String group, String memberId, String protocolType, byte[] metadata,
        int rebalanceTimeoutMs) {
      JoinGroupResponse r = untilAnswered(() -> Broker.call(client, JoinGroupRequestCodec.INSTANCE,
          JoinGroupResponseCodec.INSTANCE, (short) 9, new JoinGroupRequestBuilder().groupId(group)
              .sessionTimeoutMs(30_000).rebalanceTimeoutMs(rebalanceTimeoutMs).memberId(memberId).protocolType(protocolType)
              .protocols(List.of(new JoinGroupRequestBuilder.JoinGroupRequestProtocolBuilder().name("range")
                  .metadata(metadata).build()))
              .build()), JoinGroupResponse::errorCode);
      add(step, group, name(r.errorCode()) + (r.errorCode() == 0 ? " protocol type " + r.protocolType()
          + (r.leader().isEmpty() ? ", no leader" : r.leader().equals(r.memberId()) ? ", leader" : ", follower")
          + ", " + r.members().size() + " member(s) shown" : ""));
      return r;
    }

    /** Joins (MEMBER_ID_REQUIRED, then again with the id) and syncs as the leader; the member id. */
    String joinAndSync(String step, String group, String protocolType) {
      return joinAndSync(step, group, protocolType, subscription(List.of()));
    }

    String joinAndSync(String step, String group, String protocolType, byte[] metadata) {
      return joinAndSync(step, group, protocolType, metadata, new byte[0]).memberId();
    }

    JoinGroupResponse joinAndSync(String step, String group, String protocolType, byte[] metadata, byte[] assignment) {
      return joinAndSync(step, group, protocolType, metadata, assignment, 5_000);
    }

    /** Joins and syncs as the leader, assigning itself {@code assignment}; the second join's answer. */
    JoinGroupResponse joinAndSync(String step, String group, String protocolType, byte[] metadata, byte[] assignment,
        int rebalanceTimeoutMs) {
      JoinGroupResponse first = join(step, group, "", protocolType, metadata, rebalanceTimeoutMs);
      JoinGroupResponse second = join(step + " with its id", group, first.memberId(), protocolType, metadata,
          rebalanceTimeoutMs);
      short synced = Broker.call(client, SyncGroupRequestCodec.INSTANCE, SyncGroupResponseCodec.INSTANCE, (short) 5,
          new SyncGroupRequestBuilder().groupId(group).generationId(second.generationId()).memberId(second.memberId())
              .protocolType(protocolType).protocolName("range")
              .assignments(List.of(new SyncGroupRequestBuilder.SyncGroupRequestAssignmentBuilder()
                  .memberId(second.memberId()).assignment(assignment).build()))
              .build()).errorCode();
      add(step + ", synced", group, name(synced));
      return second;
    }

    /**
     * ConsumerGroupDescribe's members: their types (0 classic, 1 KIP-848) and subscriptions, sorted.
     * Not the state: Kafka computes the target assignment apart (Assigning until it has), the fake at once.
     */
    void consumerMembers(String step, String group) {
      ConsumerGroupDescribeResponse.DescribedGroup g = Broker.call(client, ConsumerGroupDescribeRequestCodec.INSTANCE,
          ConsumerGroupDescribeResponseCodec.INSTANCE, (short) 1, new ConsumerGroupDescribeRequestBuilder()
              .groupIds(List.of(group)).build()).groups().get(0);
      add(step, group, name(g.errorCode()) + ", members " + g.members().stream()
          .map(m -> "type " + m.memberType() + " subscribed " + m.subscribedTopicNames().size()).sorted().toList());
    }

    void heartbeat(String step, String group, String memberId, int generation) {
      add(step, group, name(Broker.call(client, HeartbeatRequestCodec.INSTANCE, HeartbeatResponseCodec.INSTANCE,
          (short) 4, new HeartbeatRequestBuilder().groupId(group).generationId(generation).memberId(memberId).build())
          .errorCode()));
    }

    /** Heartbeats every 20 ms until the answer is {@code expected} (for at most 10 s), written down. */
    void heartbeatUntil(String step, String group, String memberId, int generation, short expected) {
      add(step, group, name(Broker.poll(() -> {
        short error = Broker.call(client, HeartbeatRequestCodec.INSTANCE, HeartbeatResponseCodec.INSTANCE, (short) 4,
            new HeartbeatRequestBuilder().groupId(group).generationId(generation).memberId(memberId).build()).errorCode();
        return error == expected ? error : null;
      }, step)));
    }

    void sync(String step, String group, String memberId, int generation) {
      add(step, group, name(Broker.call(client, SyncGroupRequestCodec.INSTANCE, SyncGroupResponseCodec.INSTANCE,
          (short) 5, new SyncGroupRequestBuilder().groupId(group).generationId(generation).memberId(memberId)
              .protocolType("consumer").protocolName("range").assignments(List.of()).build()).errorCode()));
    }

    void leave(String step, String group, String memberId) {
      LeaveGroupResponse r = Broker.call(client, LeaveGroupRequestCodec.INSTANCE, LeaveGroupResponseCodec.INSTANCE,
          (short) 5, new LeaveGroupRequestBuilder().groupId(group).members(List.of(
              new LeaveGroupRequestBuilder.MemberIdentityBuilder().memberId(memberId).build())).build());
      add(step, group, name(r.errorCode()) + (r.members().isEmpty() ? "" : ", member " + name(r.members().get(0).errorCode())));
    }

    int cghb(String step, String group, String memberId, int epoch) {
      ConsumerGroupHeartbeatResponse r = untilAnswered(() -> Broker.call(client,
          ConsumerGroupHeartbeatRequestCodec.INSTANCE, ConsumerGroupHeartbeatResponseCodec.INSTANCE, (short) 1,
          epoch == 0
              ? new ConsumerGroupHeartbeatRequestBuilder().groupId(group).memberId(memberId).memberEpoch(0)
                  .rebalanceTimeoutMs(5_000).subscribedTopicNames(List.of(topic)).topicPartitions(List.of()).build()
              : new ConsumerGroupHeartbeatRequestBuilder().groupId(group).memberId(memberId).memberEpoch(epoch).build()),
          ConsumerGroupHeartbeatResponse::errorCode);
      add(step, group, name(r.errorCode()) + (r.errorCode() == 0 ? "" : ", message " + r.errorMessage()));
      return r.memberEpoch();
    }

    void shgb(String step, String group, String memberId, int epoch) {
      ShareGroupHeartbeatResponse r = untilAnswered(() -> Broker.call(client, ShareGroupHeartbeatRequestCodec.INSTANCE,
          ShareGroupHeartbeatResponseCodec.INSTANCE, (short) 1, new ShareGroupHeartbeatRequestBuilder().groupId(group)
              .memberId(memberId).memberEpoch(epoch).subscribedTopicNames(epoch == 0 ? List.of(topic) : null).build()),
          ShareGroupHeartbeatResponse::errorCode);
      add(step, group, name(r.errorCode()) + (r.errorCode() == 0 ? "" : ", message " + r.errorMessage()));
    }

    /** A StreamsGroupHeartbeat (v1) of a one-subtopology topology reading {@code source}, when joining. */
    void stgb(String step, String group, String memberId, int epoch, String source) {
      StreamsGroupHeartbeatRequestBuilder request = new StreamsGroupHeartbeatRequestBuilder().groupId(group)
          .memberId(memberId).memberEpoch(epoch);
      if (epoch == 0) {
        request.rebalanceTimeoutMs(5_000).processId("process").activeTasks(List.of()).standbyTasks(List.of())
            .warmupTasks(List.of()).topology(new StreamsGroupHeartbeatRequestBuilder.TopologyBuilder().epoch(0)
                .subtopologies(List.of(new StreamsGroupHeartbeatRequestBuilder.SubtopologyBuilder().subtopologyId("0")
                    .sourceTopics(List.of(source)).sourceTopicRegex(List.of()).stateChangelogTopics(List.of())
                    .repartitionSinkTopics(List.of()).repartitionSourceTopics(List.of()).copartitionGroups(List.of())
                    .build()))
                .build());
      }
      StreamsGroupHeartbeatResponse r = untilAnswered(() -> Broker.call(client,
          StreamsGroupHeartbeatRequestCodec.INSTANCE, StreamsGroupHeartbeatResponseCodec.INSTANCE, (short) 1,
          request.build()), StreamsGroupHeartbeatResponse::errorCode);
      add(step, group, name(r.errorCode()) + (r.errorCode() == 0 ? "" : ", message " + r.errorMessage())
          + (r.status() == null || r.status().isEmpty() ? "" : ", status " + r.status().stream()
              .map(st -> st.statusCode() + " " + st.statusDetail()).toList()));
    }

    void topologyUpdate(String step, String group, String memberId) {
      StreamsGroupTopologyDescriptionUpdateResponse r = untilAnswered(() -> Broker.call(client,
          StreamsGroupTopologyDescriptionUpdateRequestCodec.INSTANCE,
          StreamsGroupTopologyDescriptionUpdateResponseCodec.INSTANCE, (short) 0,
          new StreamsGroupTopologyDescriptionUpdateRequestBuilder().groupId(group).memberId(memberId).topologyEpoch(0)
              .topologyDescription(new StreamsGroupTopologyDescriptionUpdateRequestBuilder.TopologyDescriptionBuilder()
                  .subtopologies(List.of(new StreamsGroupTopologyDescriptionUpdateRequestBuilder
                      .TopologyDescriptionSubtopologyBuilder().subtopologyId("0").nodes(List.of(
                          new StreamsGroupTopologyDescriptionUpdateRequestBuilder.TopologyDescriptionNodeBuilder()
                              .name("KSTREAM-SOURCE-0000000000").nodeType((byte) 1).sourceTopics(List.of(topic))
                              .stores(List.of()).successors(List.of()).build())).build()))
                  .globalStores(List.of()).build())
              .build()), StreamsGroupTopologyDescriptionUpdateResponse::errorCode);
      add(step, group, name(r.errorCode()) + ", message " + r.errorMessage());
    }

    void streamsDescribe(String step, String group) {
      StreamsGroupDescribeResponse.DescribedGroup g = Broker.call(client, StreamsGroupDescribeRequestCodec.INSTANCE,
          StreamsGroupDescribeResponseCodec.INSTANCE, (short) 1, new StreamsGroupDescribeRequestBuilder()
              .groupIds(List.of(group)).includeTopologyDescription(true).build()).groups().get(0);
      add(step, group, name(g.errorCode()) + ", state " + g.groupState() + ", message " + g.errorMessage()
          + ", " + g.members().size() + " member(s), description status " + g.topologyDescriptionStatus()
          + " " + (g.topologyDescription() == null ? "none" : "given")
          + (g.topology() == null ? "" : ", topology subtopologies " + (g.topology().subtopologies() == null ? "null"
              : g.topology().subtopologies().size())));
    }

    /** The GROUP config resource: every name with its value and source, in name order. */
    void groupConfigs(String step, String group) {
      DescribeConfigsResponse.DescribeConfigsResult r = Broker.call(client, DescribeConfigsRequestCodec.INSTANCE,
          DescribeConfigsResponseCodec.INSTANCE, (short) 4, new DescribeConfigsRequestBuilder().resources(List.of(
              new DescribeConfigsRequestBuilder.DescribeConfigsResourceBuilder().resourceType((byte) 32)
                  .resourceName(group).configurationKeys(null).build())).build()).results().get(0);
      add(step, group, name(r.errorCode()) + " " + r.configs().stream().map(c -> c.name() + "=" + c.value()
          + " (source " + c.configSource() + ", type " + c.configType() + ")").sorted().toList());
    }

    void commit(String step, String group, String memberId, int epoch) {
      add(step, group, name(untilAnswered(() -> Broker.call(client, OffsetCommitRequestCodec.INSTANCE,
          OffsetCommitResponseCodec.INSTANCE, (short) 9, new OffsetCommitRequestBuilder().groupId(group)
              .generationIdOrMemberEpoch(epoch).memberId(memberId)
              .topics(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder().name(topic)
                  .partitions(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder()
                      .partitionIndex(0).committedOffset(7).build()))
                  .build()))
              .build()).topics().get(0).partitions().get(0).errorCode(), e -> e)));
    }

    void fetch(String step, String group) {
      OffsetFetchResponse.OffsetFetchResponseGroup g = Broker.call(client, OffsetFetchRequestCodec.INSTANCE,
          OffsetFetchResponseCodec.INSTANCE, (short) 9, new OffsetFetchRequestBuilder().groups(List.of(
              new OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder().groupId(group).topics(List.of(
                  new OffsetFetchRequestBuilder.OffsetFetchRequestTopicsBuilder().name(topic)
                      .partitionIndexes(List.of(0)).build()))
                  .build()))
              .build()).groups().get(0);
      add(step, group, name(g.errorCode()) + " offset " + g.topics().get(0).partitions().get(0).committedOffset());
    }

    void list(String step, String group) {
      String found = Broker.call(client, ListGroupsRequestCodec.INSTANCE, ListGroupsResponseCodec.INSTANCE, (short) 5,
          new ListGroupsRequestBuilder().build()).groups().stream().filter(g -> g.groupId().equals(group))
          .map(g -> "type " + g.groupType() + ", state " + g.groupState() + ", protocol type " + g.protocolType())
          .findFirst().orElse("not listed");
      add(step, group, found);
    }

    void describe(String step, String group) {
      DescribeGroupsResponse.DescribedGroup g = Broker.call(client, DescribeGroupsRequestCodec.INSTANCE,
          DescribeGroupsResponseCodec.INSTANCE, (short) 5, new DescribeGroupsRequestBuilder().groups(List.of(group))
              .build()).groups().get(0);
      add(step + " (v5)", group, name(g.errorCode()) + ", state " + g.groupState() + ", protocol type "
          + g.protocolType() + ", " + g.members().size() + " member(s)");
      g = Broker.call(client, DescribeGroupsRequestCodec.INSTANCE, DescribeGroupsResponseCodec.INSTANCE, (short) 6,
          new DescribeGroupsRequestBuilder().groups(List.of(group)).build()).groups().get(0);
      add(step + " (v6)", group, name(g.errorCode()) + ", state " + g.groupState() + ", message " + g.errorMessage());
    }

    void consumerDescribe(String step, String group) {
      ConsumerGroupDescribeResponse.DescribedGroup g = Broker.call(client, ConsumerGroupDescribeRequestCodec.INSTANCE,
          ConsumerGroupDescribeResponseCodec.INSTANCE, (short) 1, new ConsumerGroupDescribeRequestBuilder()
              .groupIds(List.of(group)).build()).groups().get(0);
      add(step, group, name(g.errorCode()) + ", state " + g.groupState() + ", message " + g.errorMessage());
    }

    /** DeleteGroups v3, whose results carry an error message. */
    void delete(String step, String group) {
      DeleteGroupsResponse.DeletableGroupResult result = Broker.call(client, DeleteGroupsRequestCodec.INSTANCE,
          DeleteGroupsResponseCodec.INSTANCE, (short) 3, new DeleteGroupsRequestBuilder().groupsNames(List.of(group))
              .build()).results().get(0);
      add(step, group, name(result.errorCode()) + " " + result.errorMessage());
    }

    byte[] subscription(List<Integer> owned) {
      WireWriter out = new WireWriter(64);
      out.writeInt16(CONSUMER_PROTOCOL_VERSION);
      ConsumerProtocolSubscriptionCodec.INSTANCE.write(new ConsumerProtocolSubscription(List.of(topic), null,
          owned.isEmpty() ? List.of() : List.of(new ConsumerProtocolSubscription.TopicPartition(topic, owned)), -1,
          null), CONSUMER_PROTOCOL_VERSION, out);
      return out.toByteArray();
    }

    byte[] assignment(Integer... partitions) {
      WireWriter out = new WireWriter(64);
      out.writeInt16(CONSUMER_PROTOCOL_VERSION);
      ConsumerProtocolAssignmentCodec.INSTANCE.write(new ConsumerProtocolAssignment(List.of(
          new ConsumerProtocolAssignment.TopicPartition(topic, List.of(partitions))), null), CONSUMER_PROTOCOL_VERSION, out);
      return out.toByteArray();
    }
  }

  /** Asks again while Kafka's coordinator loads. */
  private static <R> R untilAnswered(Supplier<R> call, java.util.function.ToIntFunction<R> error) {
    return Broker.poll(() -> {
      R response = call.get();
      return BUSY.contains((short) error.applyAsInt(response)) ? null : response;
    }, "an answer other than busy");
  }

  private static String name(short code) {
    return Errors.forCode(code).name();
  }
}
