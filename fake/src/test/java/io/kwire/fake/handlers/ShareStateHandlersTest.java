package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.fake.groups.SharePartition;
import io.kwire.messages.DeleteShareGroupStateRequest;
import io.kwire.messages.DeleteShareGroupStateResponse;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.InitializeShareGroupStateRequest;
import io.kwire.messages.InitializeShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateSummaryRequest;
import io.kwire.messages.ReadShareGroupStateSummaryResponse;
import io.kwire.messages.UnregisterControllerRequest;
import io.kwire.messages.UnregisterControllerResponse;
import io.kwire.messages.WriteShareGroupStateRequest;
import io.kwire.messages.WriteShareGroupStateResponse;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The share coordinator's APIs on the share-partition state the fetch path uses: codes, messages
 * and values as Kafka 4.4.0 gives them (the same steps run against the broker in e2e
 * ShareGroupStateAgainstKafkaTest), and a written state is what the next acquisition takes.
 */
class ShareStateHandlersTest {
  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;

  private final TestBrokers brokers = new TestBrokers(2);
  private final ClusterState cluster = brokers.cluster;
  private final Topic topic = cluster.createTopic("s", 2, 1, null, TopicConfigs.of(Map.of()));
  private final String group = groupOn(0);

  @Test
  void initializeWriteReadSummaryAndDeleteAsKafkasCoordinator() {
    assertEquals("42 Read operation on uninitialized share partition not allowed. 0 0 []", read(0, 0, 0));
    assertEquals("0 null 0 0 -1 -1", summary(0, 0, 1));
    assertEquals("42 Write operation on uninitialized share partition not allowed.", write(0, 0, 1, 0, 5, -1, 1));
    assertEquals("0 null", initialize(0, 1, 5));
    assertEquals("42 The leader epoch cannot be a negative number. 0 0 []", read(0, 0, -1));
    assertEquals("0 null 1 0 5 0", summary(0, 0, 1));
    assertEquals("0 null", write(0, 0, 1, 2, 5, -1, 0, batch(5, 9, 0, 1), batch(10, 12, 2, 1)));
    assertEquals("0 null", write(0, 0, 1, 2, -1, 3, 1, batch(7, 8, 4, 2)));
    assertEquals("0 null 1 5 [5-6:0x1, 7-8:4x2, 9-9:0x1, 10-12:2x1]", read(0, 0, 2));
    // the count is taken only from a write that moves the start
    assertEquals("0 null 1 2 5 0", summary(0, 0, 1));
    assertEquals("74 The leader epoch in the request is older than the epoch on the broker.",
        write(0, 0, 1, 1, 5, -1, 1));
    assertEquals("74 The leader epoch in the request is older than the epoch on the broker. 0 0 []", read(0, 0, 1));
    assertEquals("124 The coordinator rejected the request because the state epoch did not match.",
        write(0, 0, 0, 2, 5, -1, 1));
    assertEquals("0 null", write(0, 0, 3, 2, 5, -1, 1));
    assertEquals(1, state(0).stateEpoch(), "a write does not change the state epoch");
    assertEquals("42 The state epoch cannot be a negative number.", write(0, 0, -1, 4, -1, -1, 1));
    assertEquals("0 null", write(0, 0, 1, 5, 9, 2, 1));
    assertEquals("0 null 1 9 [9-9:0x1, 10-12:2x1]", read(0, 0, 5));
    assertEquals("0 null 1 5 9 2", summary(0, 0, 1));
    assertEquals("0 null 1 5 9 -1", summary(0, 0, 0));
    assertEquals("124 The coordinator rejected the request because the state epoch did not match.", initialize(0, 0, 0));
    assertEquals("0 null", initialize(0, 7, 2));
    assertEquals("0 null 7 0 2 0", summary(0, 0, 1));
    assertEquals("0 null 7 2 []", read(0, 0, 0));
    assertEquals("0 null", delete(0, 0));
    assertEquals("42 Read operation on uninitialized share partition not allowed. 0 0 []", read(0, 0, 0));
    assertEquals("0 null", delete(0, 0));
  }

  @Test
  void unknownPartitionsAndNegativeIds() {
    assertEquals("3 This server does not host this topic-partition.", initialize(0, 9, 0, 0));
    assertEquals("42 The partition id cannot be a negative number.", initialize(0, -1, 0, 0));
    assertEquals("42 Read operation on uninitialized share partition not allowed. 0 0 []", read(0, 9, 0));
    assertEquals("3 This server does not host this topic-partition. 0 0 0 -1", summary(0, 9, 1));
    assertEquals("3 This server does not host this topic-partition.", delete(0, 9));
    assertEquals("0 null", initialize(0, 1, 0, -1));
    assertEquals("0 null 0 -1 []", read(0, 1, 0));
  }

  @Test
  void aKeyOnAnotherCoordinatorIsNotCoordinator() {
    String elsewhere = groupOn(1);
    assertEquals("16 Unable to read share group state: This is not the correct coordinator. 0 0 []",
        read(elsewhere, 0, 0, 0));
    FindCoordinatorResponse found = now(new FindCoordinatorHandler(cluster, brokers.groups).handle(
        new FindCoordinatorRequestBuilder().keyType((byte) 2).coordinatorKeys(List.of(
            ShareStateKeys.key(elsewhere, topic.id(), 0), elsewhere + ":" + topic.id(), "g:AAAAAAAAAAAAAAAAAAAAAA:x"))
            .build(), at(0, 6)));
    assertEquals(List.of("0 1", "42 -1", "42 -1"), found.coordinators().stream()
        .map(c -> c.errorCode() + " " + c.nodeId()).toList());
    assertEquals("", found.coordinators().get(1).errorMessage());
  }

  @Test
  void aWrittenStateIsWhatTheNextFetchAcquires() {
    now(new ProduceHandler(cluster, brokers.transactions).handle(
        ProduceHandlerTest.request(-1, "s", 0, TestBrokers.batch(1, "a", "b", "c", "d", "e", "f")), at(0, 9)));
    assertEquals("0 null", initialize(0, 0, 1, 0));
    assertEquals("0 null", write(group, 0, 0, 1, 3, 0, -1, 1, batch(0, 1, 2, 1), batch(2, 2, 0, 2), batch(3, 3, 4, 1)));
    SharePartition state = state(0);
    SharePartition.Fetched fetched = state.acquire("member", 10, false);
    assertEquals(List.of(new SharePartition.Acquired(2, 2, (short) 3), new SharePartition.Acquired(4, 5, (short) 1)),
        fetched.acquired());
    // the start offset moved past the leading acknowledged records at the acquisition
    assertEquals("0 null 1 2 [2-2:0x3, 3-3:4x1, 4-5:0x1]", read(0, 0, 3));
    state.acknowledge("member", 2, 2, List.of(SharePartition.ACCEPT));
    assertEquals("0 null 1 4 [4-5:0x1]", read(0, 0, 3));
  }

  @Test
  void unregisterControllerAsACombinedModeKafka() {
    UnregisterControllerHandler handler = new UnregisterControllerHandler(cluster);
    UnregisterControllerResponse self = now(handler.handle(new UnregisterControllerRequest(0, NONE), at(1, 0)));
    assertEquals(42, self.errorCode());
    assertEquals("Controller cannot unregister itself while it is active.", self.errorMessage());
    UnregisterControllerResponse other = now(handler.handle(new UnregisterControllerRequest(1, NONE), at(0, 0)));
    assertEquals(136, other.errorCode());
    assertEquals("Controller ID 1 is not currently registered.", other.errorMessage());
  }

  @Test
  void aWriteReachingTooFarIsRefused() {
    assertEquals("0 null", initialize(0, 1, 0));
    assertEquals("42 A state batch reaches more than 100000 offsets past the start offset (the fake's bound).",
        write(group, 0, 0, 1, 0, 0, -1, 1, batch(0, Long.MAX_VALUE, 2, 1)));
    assertEquals("0 null 1 0 []", read(0, 0, 0));
  }

  private SharePartition state(int partition) {
    return brokers.groups.shareState(group, topic.id(), partition);
  }

  /** A group whose keys of topic s broker {@code broker} coordinates. */
  private String groupOn(int broker) {
    for (int i = 0; i < 10_000; i++) {
      String id = "g" + i;
      if (brokers.groups.shareCoordinatorFor(ShareStateKeys.key(id, topic.id(), 0)) == broker
          && brokers.groups.shareCoordinatorFor(ShareStateKeys.key(id, topic.id(), 1)) == broker
          && brokers.groups.shareCoordinatorFor(ShareStateKeys.key(id, topic.id(), 9)) == broker
          && brokers.groups.shareCoordinatorFor(ShareStateKeys.key(id, topic.id(), -1)) == broker) {
        return id;
      }
    }
    throw new AssertionError("no such group id");
  }

  private static WriteShareGroupStateRequest.StateBatch batch(long first, long last, int state, int count) {
    return new WriteShareGroupStateRequest.StateBatch(first, last, (byte) state, (short) count, NONE);
  }

  private String initialize(int partition, int stateEpoch, long start) {
    return initialize(0, partition, stateEpoch, start);
  }

  private String initialize(int broker, int partition, int stateEpoch, long start) {
    InitializeShareGroupStateResponse r = now(ShareStateHandlers.initialize(cluster, brokers.groups).handle(
        new InitializeShareGroupStateRequest(group, List.of(new InitializeShareGroupStateRequest.InitializeStateData(
            topic.id(), List.of(new InitializeShareGroupStateRequest.PartitionData(partition, stateEpoch, start, NONE)),
            NONE)), NONE), at(broker, 0)));
    InitializeShareGroupStateResponse.PartitionResult p = r.results().get(0).partitions().get(0);
    return p.errorCode() + " " + p.errorMessage();
  }

  private String read(int broker, int partition, int leaderEpoch) {
    return read(group, broker, partition, leaderEpoch);
  }

  private String read(String groupId, int broker, int partition, int leaderEpoch) {
    ReadShareGroupStateResponse r = now(ShareStateHandlers.read(cluster, brokers.groups).handle(
        new ReadShareGroupStateRequest(groupId, List.of(new ReadShareGroupStateRequest.ReadStateData(topic.id(),
            List.of(new ReadShareGroupStateRequest.PartitionData(partition, leaderEpoch, NONE)), NONE)), NONE),
        at(broker, 0)));
    ReadShareGroupStateResponse.PartitionResult p = r.results().get(0).partitions().get(0);
    return p.errorCode() + " " + p.errorMessage() + " " + p.stateEpoch() + " " + p.startOffset() + " "
        + p.stateBatches().stream().map(b -> b.firstOffset() + "-" + b.lastOffset() + ":" + b.deliveryState() + "x"
            + b.deliveryCount()).collect(Collectors.toList());
  }

  private String summary(int broker, int partition, int version) {
    ReadShareGroupStateSummaryResponse r = now(ShareStateHandlers.summary(cluster, brokers.groups).handle(
        new ReadShareGroupStateSummaryRequest(group, List.of(new ReadShareGroupStateSummaryRequest.ReadStateSummaryData(
            topic.id(), List.of(new ReadShareGroupStateSummaryRequest.PartitionData(partition, 0, NONE)), NONE)), NONE),
        at(broker, version)));
    ReadShareGroupStateSummaryResponse.PartitionResult p = r.results().get(0).partitions().get(0);
    return p.errorCode() + " " + p.errorMessage() + " " + p.stateEpoch() + " " + p.leaderEpoch() + " "
        + p.startOffset() + " " + p.deliveryCompleteCount();
  }

  private String write(int broker, int partition, int stateEpoch, int leaderEpoch, long start, int complete,
      int version, WriteShareGroupStateRequest.StateBatch... batches) {
    return write(group, broker, partition, stateEpoch, leaderEpoch, start, complete, version, batches);
  }

  private String write(String groupId, int broker, int partition, int stateEpoch, int leaderEpoch, long start,
      int complete, int version, WriteShareGroupStateRequest.StateBatch... batches) {
    WriteShareGroupStateResponse r = now(ShareStateHandlers.write(cluster, brokers.groups).handle(
        new WriteShareGroupStateRequest(groupId, List.of(new WriteShareGroupStateRequest.WriteStateData(topic.id(),
            List.of(new WriteShareGroupStateRequest.PartitionData(partition, stateEpoch, leaderEpoch, start, complete,
                List.of(batches), NONE)), NONE)), NONE), at(broker, version)));
    WriteShareGroupStateResponse.PartitionResult p = r.results().get(0).partitions().get(0);
    return p.errorCode() + " " + p.errorMessage();
  }

  private String delete(int broker, int partition) {
    DeleteShareGroupStateResponse r = now(ShareStateHandlers.delete(cluster, brokers.groups).handle(
        new DeleteShareGroupStateRequest(group, List.of(new DeleteShareGroupStateRequest.DeleteStateData(topic.id(),
            List.of(new DeleteShareGroupStateRequest.PartitionData(partition, NONE)), NONE)), NONE), at(broker, 0)));
    DeleteShareGroupStateResponse.PartitionResult p = r.results().get(0).partitions().get(0);
    return p.errorCode() + " " + p.errorMessage();
  }
}
