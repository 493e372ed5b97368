package io.kwire.e2e.client;

import static io.kwire.e2e.client.Broker.call;
import static io.kwire.e2e.client.Broker.version;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ConsumerProtocolAssignment;
import io.kwire.messages.ConsumerProtocolAssignmentCodec;
import io.kwire.messages.ConsumerProtocolSubscription;
import io.kwire.messages.ConsumerProtocolSubscriptionCodec;
import io.kwire.messages.HeartbeatRequestBuilder;
import io.kwire.messages.HeartbeatRequestCodec;
import io.kwire.messages.HeartbeatResponse;
import io.kwire.messages.HeartbeatResponseCodec;
import io.kwire.messages.JoinGroupRequestBuilder;
import io.kwire.messages.JoinGroupRequestCodec;
import io.kwire.messages.JoinGroupResponse;
import io.kwire.messages.JoinGroupResponseCodec;
import io.kwire.messages.LeaveGroupRequestBuilder;
import io.kwire.messages.LeaveGroupRequestCodec;
import io.kwire.messages.LeaveGroupResponse;
import io.kwire.messages.LeaveGroupResponseCodec;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetCommitResponseCodec;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchRequestCodec;
import io.kwire.messages.OffsetFetchResponse;
import io.kwire.messages.OffsetFetchResponseCodec;
import io.kwire.messages.SyncGroupRequestBuilder;
import io.kwire.messages.SyncGroupRequestCodec;
import io.kwire.messages.SyncGroupResponse;
import io.kwire.messages.SyncGroupResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.common.protocol.Errors;
import org.junit.jupiter.api.Test;

/**
 * One member of a classic consumer group, made of kwire: FindCoordinator, JoinGroup (with the
 * MEMBER_ID_REQUIRED round trip), SyncGroup, Heartbeat, OffsetCommit, OffsetFetch, LeaveGroup.
 * The member's subscription and assignment are Kafka's consumer protocol data, encoded by kwire.
 */
class ConsumerGroupE2ETest {
  private static final byte GROUP_KEY = 0;
  private static final short CONSUMER_PROTOCOL_VERSION = 3;
  private static final java.util.Set<Short> LOADING = java.util.Set.of(Errors.COORDINATOR_LOAD_IN_PROGRESS.code(),
      Errors.COORDINATOR_NOT_AVAILABLE.code(), Errors.NOT_COORDINATOR.code());

  @Test
  void oneMemberJoinsSyncsCommitsFetchesAndLeaves() {
    try (KwireClient client = Broker.connect()) {
      String topic = Broker.uniqueTopic("group");
      UUID topicId = Broker.createTopic(client, topic, 2);
      String group = topic + "-group";
      TransactionsE2ETest.findCoordinator(client, GROUP_KEY, group);

      byte[] subscription = consumerProtocol(ConsumerProtocolSubscriptionCodec.INSTANCE,
          new ConsumerProtocolSubscription(List.of(topic), null, List.of(), -1, null));
      // The first join of a run may find the coordinator still loading the offsets topic it just created.
      JoinGroupResponse required = Broker.poll(() -> {
        JoinGroupResponse response = join(client, group, "", subscription);
        return LOADING.contains(response.errorCode()) ? null : response;
      }, "the group coordinator");
      assertEquals(Errors.MEMBER_ID_REQUIRED.code(), required.errorCode());
      String memberId = required.memberId();
      assertTrue(memberId.startsWith("kwire-e2e-"), "the member id starts with the client id: " + memberId);

      JoinGroupResponse joined = join(client, group, memberId, subscription);
      assertEquals(Errors.NONE.code(), joined.errorCode());
      assertEquals(memberId, joined.memberId());
      assertEquals(memberId, joined.leader());
      assertEquals("consumer", joined.protocolType());
      assertEquals("range", joined.protocolName());
      assertFalse(joined.skipAssignment());
      assertEquals(1, joined.members().size());
      assertTrue(Arrays.equals(subscription, joined.members().get(0).metadata()), "the leader sees our subscription");
      int generation = joined.generationId();
      assertTrue(generation >= 1);

      ConsumerProtocolAssignment assignment = new ConsumerProtocolAssignment(
          List.of(new ConsumerProtocolAssignment.TopicPartition(topic, List.of(0, 1))), null);
      byte[] assignmentBytes = consumerProtocol(ConsumerProtocolAssignmentCodec.INSTANCE, assignment);
      SyncGroupResponse synced = call(client, SyncGroupRequestCodec.INSTANCE, SyncGroupResponseCodec.INSTANCE, version(14),
          new SyncGroupRequestBuilder().groupId(group).generationId(generation).memberId(memberId)
              .protocolType("consumer").protocolName("range")
              .assignments(List.of(new SyncGroupRequestBuilder.SyncGroupRequestAssignmentBuilder()
                  .memberId(memberId).assignment(assignmentBytes).build()))
              .build());
      assertEquals(Errors.NONE.code(), synced.errorCode());
      ByteBuffer received = ByteBuffer.wrap(synced.assignment());
      assertEquals(CONSUMER_PROTOCOL_VERSION, received.getShort());
      byte[] body = Arrays.copyOfRange(synced.assignment(), 2, synced.assignment().length);
      assertEquals(assignment.assignedPartitions(),
          ConsumerProtocolAssignmentCodec.INSTANCE.decode(body, CONSUMER_PROTOCOL_VERSION).assignedPartitions());

      assertEquals(Errors.NONE.code(), heartbeat(client, group, generation, memberId).errorCode());

      OffsetCommitResponse committed = call(client, OffsetCommitRequestCodec.INSTANCE, OffsetCommitResponseCodec.INSTANCE,
          version(8), new OffsetCommitRequestBuilder().groupId(group).generationIdOrMemberEpoch(generation).memberId(memberId)
              .topics(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder().name(topic).topicId(topicId)
                  .partitions(List.of(commit(0, 42, "first"), commit(1, 7, null))).build()))
              .build());
      assertEquals(1, committed.topics().size());
      committed.topics().get(0).partitions().forEach(p -> assertEquals(Errors.NONE.code(), p.errorCode(), "partition " + p.partitionIndex()));

      OffsetFetchResponse fetched = call(client, OffsetFetchRequestCodec.INSTANCE, OffsetFetchResponseCodec.INSTANCE,
          version(9), new OffsetFetchRequestBuilder().requireStable(true)
              .groups(List.of(new OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder().groupId(group)
                  .topics(List.of(new OffsetFetchRequestBuilder.OffsetFetchRequestTopicsBuilder().name(topic).topicId(topicId)
                      .partitionIndexes(List.of(0, 1)).build()))
                  .build()))
              .build());
      assertEquals(1, fetched.groups().size());
      OffsetFetchResponse.OffsetFetchResponseGroup fetchedGroup = fetched.groups().get(0);
      assertEquals(Errors.NONE.code(), fetchedGroup.errorCode());
      var partitions = fetchedGroup.topics().get(0).partitions();
      assertEquals(2, partitions.size());
      assertEquals(42, partitions.get(0).committedOffset());
      assertEquals("first", partitions.get(0).metadata());
      assertEquals(7, partitions.get(1).committedOffset());
      partitions.forEach(p -> assertEquals(Errors.NONE.code(), p.errorCode()));

      LeaveGroupResponse left = call(client, LeaveGroupRequestCodec.INSTANCE, LeaveGroupResponseCodec.INSTANCE, version(13),
          new LeaveGroupRequestBuilder().groupId(group)
              .members(List.of(new LeaveGroupRequestBuilder.MemberIdentityBuilder().memberId(memberId).reason("done").build()))
              .build());
      assertEquals(Errors.NONE.code(), left.errorCode());
      assertEquals(1, left.members().size());
      assertEquals(memberId, left.members().get(0).memberId());
      assertEquals(Errors.NONE.code(), left.members().get(0).errorCode());

      assertNotEquals(Errors.NONE.code(), heartbeat(client, group, generation, memberId).errorCode(),
          "a member that left is no longer known");
      assertEquals(Errors.UNKNOWN_MEMBER_ID.code(), heartbeat(client, group, generation, memberId).errorCode());
    }
  }

  private static JoinGroupResponse join(KwireClient client, String group, String memberId, byte[] subscription) {
    return call(client, JoinGroupRequestCodec.INSTANCE, JoinGroupResponseCodec.INSTANCE, version(11),
        new JoinGroupRequestBuilder().groupId(group).sessionTimeoutMs(10_000).rebalanceTimeoutMs(10_000)
            .memberId(memberId).protocolType("consumer")
            .protocols(List.of(new JoinGroupRequestBuilder.JoinGroupRequestProtocolBuilder().name("range")
                .metadata(subscription).build()))
            .reason("kwire e2e")
            .build());
  }

  private static HeartbeatResponse heartbeat(KwireClient client, String group, int generation, String memberId) {
    return call(client, HeartbeatRequestCodec.INSTANCE, HeartbeatResponseCodec.INSTANCE, version(12),
        new HeartbeatRequestBuilder().groupId(group).generationId(generation).memberId(memberId).build());
  }

  private static io.kwire.messages.OffsetCommitRequest.OffsetCommitRequestPartition commit(int partition, long offset,
      String metadata) {
    return new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder().partitionIndex(partition)
        .committedOffset(offset).committedMetadata(metadata).build();
  }

  /** Kafka's consumer protocol data: an int16 version, then the message at that version. */
  private static <T> byte[] consumerProtocol(io.kwire.runtime.MessageCodec<T> codec, T message) {
    WireWriter out = new WireWriter(64);
    out.writeInt16(CONSUMER_PROTOCOL_VERSION);
    codec.write(message, CONSUMER_PROTOCOL_VERSION, out);
    return out.toByteArray();
  }
}
