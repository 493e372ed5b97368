package io.kwire.e2e.clusters;

import io.kwire.e2e.client.Broker;
import io.kwire.messages.DeleteShareGroupStateRequest;
import io.kwire.messages.DeleteShareGroupStateRequestCodec;
import io.kwire.messages.DeleteShareGroupStateResponse;
import io.kwire.messages.DeleteShareGroupStateResponseCodec;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponse;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.InitializeShareGroupStateRequest;
import io.kwire.messages.InitializeShareGroupStateRequestCodec;
import io.kwire.messages.InitializeShareGroupStateResponse;
import io.kwire.messages.InitializeShareGroupStateResponseCodec;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateRequestCodec;
import io.kwire.messages.ReadShareGroupStateResponse;
import io.kwire.messages.ReadShareGroupStateResponseCodec;
import io.kwire.messages.ReadShareGroupStateSummaryRequest;
import io.kwire.messages.ReadShareGroupStateSummaryRequestCodec;
import io.kwire.messages.ReadShareGroupStateSummaryResponse;
import io.kwire.messages.ReadShareGroupStateSummaryResponseCodec;
import io.kwire.messages.UnregisterControllerRequest;
import io.kwire.messages.UnregisterControllerRequestCodec;
import io.kwire.messages.UnregisterControllerResponse;
import io.kwire.messages.UnregisterControllerResponseCodec;
import io.kwire.messages.WriteShareGroupStateRequest;
import io.kwire.messages.WriteShareGroupStateRequestCodec;
import io.kwire.messages.WriteShareGroupStateResponse;
import io.kwire.messages.WriteShareGroupStateResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.wire.UnknownTaggedFields;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The share coordinator's APIs (83-87) and UnregisterController (94), raw: the same requests sent
 * to the real 4.4.0 broker and to the fake, each answer written down (error codes and messages,
 * state epochs, start offsets, state batches, leader epochs, delivery complete counts; never topic
 * ids), both lists equal. Initialize, Write (merging batches, fenced by state and leader epochs),
 * Read, ReadSummary at v0 and v1, Delete, and the refusals: uninitialized state, unknown topic or
 * partition, a negative partition.
 */
class ShareGroupStateAgainstKafkaTest {
  private static final UnknownTaggedFields NONE = UnknownTaggedFields.EMPTY;
  private static final byte AVAILABLE = 0;
  private static final byte ACKED = 2;
  private static final byte ARCHIVED = 4;

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  @Test
  void theFakeKeepsShareStateAsKafkasShareCoordinatorDoes() throws Exception {
    String names = "share-state-" + Long.toHexString(System.nanoTime() & 0xffffff);
    TARGETS.assertSameTranscript(names, ShareGroupStateAgainstKafkaTest::run);
  }

  private static List<String> run(Target target, String names) throws Exception {
    String topic = names + "-topic";
    UUID topicId;
    int controller;
    try (Admin admin = Clients.admin(target)) {
      controller = admin.describeCluster().controller().get().id();
      admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
      org.apache.kafka.common.Uuid kafkaId = admin.describeTopics(List.of(topic)).allTopicNames().get().get(topic).topicId();
      topicId = new UUID(kafkaId.getMostSignificantBits(), kafkaId.getLeastSignificantBits());
    }
    String bootstrap = target.bootstrapServers().split(",")[0];
    int colon = bootstrap.lastIndexOf(':');
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(bootstrap.substring(0, colon), Integer.parseInt(bootstrap.substring(colon + 1))))) {
      Steps s = new Steps(client, topicId);
      String group = names + "-group";
      // Kafka creates __share_group_state at the first FindCoordinator of a share key.
      UUID unknownTopic = UUID.randomUUID();
      Broker.poll(() -> s.findCoordinator(group + ":" + kafkaUuid(topicId) + ":0").errorCode() == 0 ? true : null,
          "the share coordinator");
      // Its shards load after that (NOT_COORDINATOR meanwhile): each key's, before the first step.
      for (String g : List.of(group, names + "-other")) {
        for (int partition : List.of(0, 1, 9)) {
          s.awaitLoaded(g, topicId, partition);
        }
        s.awaitLoaded(g, unknownTopic, 0);
      }
      s.lines.add("find share coordinator of a key without partition: "
          + describe(s.findCoordinator(group + ":" + kafkaUuid(topicId))));
      s.lines.add("find share coordinator of a bad topic id: " + describe(s.findCoordinator(group + ":x:0")));
      s.read("read before initialize", group, topicId, 0, 0);
      s.summary("summary before initialize", group, topicId, 0, 0, (short) 1);
      s.write("write before initialize", group, topicId, 0, 0, 0, 0L, -1, List.of(batch(0, 4, AVAILABLE, 1)), (short) 1);
      s.delete("delete before initialize", group, topicId, 0);
      s.initialize("initialize at epoch 1, offset 5", group, topicId, 0, 1, 5);
      s.read("read, leader epoch -1", group, topicId, 0, -1);
      s.summary("summary v0", group, topicId, 0, -1, (short) 0);
      s.summary("summary v1", group, topicId, 0, -1, (short) 1);
      s.write("write batches at leader epoch 2", group, topicId, 0, 1, 2, 5L, -1,
          List.of(batch(5, 9, AVAILABLE, 1), batch(10, 12, ACKED, 1)), (short) 0);
      s.read("read at leader epoch 2", group, topicId, 0, 2);
      s.summary("summary v1 after a v0 write", group, topicId, 0, 2, (short) 1);
      s.write("write an overlapping batch, start -1", group, topicId, 0, 1, 2, -1L, 3,
          List.of(batch(7, 8, ARCHIVED, 2)), (short) 1);
      s.read("read the merged batches", group, topicId, 0, 2);
      s.summary("summary v1 after a v1 write", group, topicId, 0, 2, (short) 1);
      s.write("write at an older leader epoch", group, topicId, 0, 1, 1, 5L, -1, List.of(), (short) 1);
      s.read("read at an older leader epoch", group, topicId, 0, 1);
      s.summary("summary at an older leader epoch", group, topicId, 0, 1, (short) 1);
      s.write("write at an older state epoch", group, topicId, 0, 0, 2, 5L, -1, List.of(), (short) 1);
      s.write("write at a newer state epoch", group, topicId, 0, 3, 2, 5L, -1, List.of(), (short) 1);
      s.read("read after a newer state epoch", group, topicId, 0, 2);
      s.write("write at state epoch -1", group, topicId, 0, -1, 4, -1L, -1, List.of(), (short) 1);
      s.write("write at leader epoch -1", group, topicId, 0, 3, -1, -1L, -1, List.of(batch(12, 13, ACKED, 1)), (short) 1);
      s.read("read after a write at leader epoch -1", group, topicId, 0, 2);
      s.write("write at a newer leader epoch", group, topicId, 0, 3, 4, -1L, -1, List.of(), (short) 1);
      s.read("read at a newer leader epoch", group, topicId, 0, 5);
      s.summary("summary after reading at leader epoch 5", group, topicId, 0, -1, (short) 1);
      s.write("write moving the start past some batches", group, topicId, 0, 3, 5, 9L, 2, List.of(), (short) 1);
      s.read("read after the start moved", group, topicId, 0, 5);
      s.summary("summary after the start moved", group, topicId, 0, 5, (short) 1);
      s.write("write adjacent batches alike", group, topicId, 0, 1, 5, 9L, 1,
          List.of(batch(13, 14, ACKED, 1), batch(15, 16, ACKED, 1), batch(17, 18, ARCHIVED, 1)), (short) 1);
      s.read("read adjacent batches alike", group, topicId, 0, 5);
      s.summary("summary after adjacent batches", group, topicId, 0, 5, (short) 1);
      s.write("write a start inside a batch", group, topicId, 0, 1, 5, 14L, -1, List.of(), (short) 1);
      s.read("read a start inside a batch", group, topicId, 0, 5);
      s.read("read at leader epoch -1 before initialize", names + "-other", topicId, 0, -1);
      s.initialize("initialize at the same state epoch", group, topicId, 0, 1, 3);
      s.initialize("initialize at an older state epoch", group, topicId, 0, 0, 0);
      s.initialize("initialize again at state epoch 7, offset 2", group, topicId, 0, 7, 2);
      s.read("read after initializing again", group, topicId, 0, -1);
      s.summary("summary after initializing again", group, topicId, 0, -1, (short) 1);
      s.initialize("initialize with start offset -1", group, topicId, 1, 0, -1);
      s.read("read a partition initialized at -1", group, topicId, 1, 0);
      s.initialize("initialize an unknown topic", group, unknownTopic, 0, 0, 0);
      s.initialize("initialize an unknown partition", group, topicId, 9, 0, 0);
      s.initialize("initialize partition -1", group, topicId, -1, 0, 0);
      s.read("read an unknown partition", group, topicId, 9, 0);
      s.read("read partition -1", group, topicId, -1, 0);
      s.write("write an unknown partition", group, topicId, 9, 0, 0, 0L, -1, List.of(), (short) 1);
      s.summary("summary of an unknown partition", group, topicId, 9, 0, (short) 1);
      s.delete("delete an unknown partition", group, topicId, 9);
      s.read("read another group's state", names + "-other", topicId, 0, 0);
      s.delete("delete", group, topicId, 0);
      s.read("read after delete", group, topicId, 0, 0);
      s.summary("summary after delete", group, topicId, 0, 0, (short) 1);
      s.delete("delete again", group, topicId, 0);
      s.unregisterController("unregister the active controller", controller);
      s.unregisterController("unregister controller 99", 99);
      return s.lines;
    }
  }

  /** A topic id as Kafka writes it in a share coordinator key: URL-safe base64, no padding. */
  private static String kafkaUuid(UUID id) {
    return new org.apache.kafka.common.Uuid(id.getMostSignificantBits(), id.getLeastSignificantBits()).toString();
  }

  private static WriteShareGroupStateRequest.StateBatch batch(long first, long last, byte state, int count) {
    return new WriteShareGroupStateRequest.StateBatch(first, last, state, (short) count, NONE);
  }

  private static String describe(FindCoordinatorResponse.Coordinator c) {
    return c.errorCode() + " " + c.errorMessage() + (c.errorCode() == 0 ? " found" : "");
  }

  /** The requests, each answer appended to {@link #lines}. */
  private static final class Steps {
    final KwireClient client;
    final UUID topicId;
    final List<String> lines = new ArrayList<>();

    Steps(KwireClient client, UUID topicId) {
      this.client = client;
      this.topicId = topicId;
    }

    FindCoordinatorResponse.Coordinator findCoordinator(String key) {
      FindCoordinatorResponse r = Broker.call(client, FindCoordinatorRequestCodec.INSTANCE,
          FindCoordinatorResponseCodec.INSTANCE, (short) 6,
          new FindCoordinatorRequestBuilder().keyType((byte) 2).coordinatorKeys(List.of(key)).build());
      return r.coordinators().get(0);
    }

    /** Until the shard of this key has loaded: ReadShareGroupStateSummary answers other than NOT_COORDINATOR. */
    void awaitLoaded(String group, UUID topic, int partition) {
      Broker.poll(() -> {
        short code = Broker.call(client, ReadShareGroupStateSummaryRequestCodec.INSTANCE,
            ReadShareGroupStateSummaryResponseCodec.INSTANCE, (short) 1, new ReadShareGroupStateSummaryRequest(group,
                List.of(new ReadShareGroupStateSummaryRequest.ReadStateSummaryData(topic, List.of(
                    new ReadShareGroupStateSummaryRequest.PartitionData(partition, 0, NONE)), NONE)), NONE))
            .results().get(0).partitions().get(0).errorCode();
        return code == 14 || code == 15 || code == 16 ? null : true;
      }, "the share coordinator of " + group + ":" + topic + ":" + partition);
    }

    void initialize(String what, String group, UUID topic, int partition, int stateEpoch, long startOffset) {
      InitializeShareGroupStateResponse r = Broker.call(client, InitializeShareGroupStateRequestCodec.INSTANCE,
          InitializeShareGroupStateResponseCodec.INSTANCE, (short) 0, new InitializeShareGroupStateRequest(group,
              List.of(new InitializeShareGroupStateRequest.InitializeStateData(topic, List.of(
                  new InitializeShareGroupStateRequest.PartitionData(partition, stateEpoch, startOffset, NONE)), NONE)),
              NONE));
      lines.add(what + ": " + r.results().stream().map(t -> mask(t.topicId()) + t.partitions().stream()
          .map(p -> p.partition() + " " + p.errorCode() + " " + p.errorMessage()).toList()).toList());
    }

    void read(String what, String group, UUID topic, int partition, int leaderEpoch) {
      ReadShareGroupStateResponse r = Broker.call(client, ReadShareGroupStateRequestCodec.INSTANCE,
          ReadShareGroupStateResponseCodec.INSTANCE, (short) 0, new ReadShareGroupStateRequest(group,
              List.of(new ReadShareGroupStateRequest.ReadStateData(topic, List.of(
                  new ReadShareGroupStateRequest.PartitionData(partition, leaderEpoch, NONE)), NONE)), NONE));
      lines.add(what + ": " + r.results().stream().map(t -> mask(t.topicId()) + t.partitions().stream()
          .map(p -> p.partition() + " " + p.errorCode() + " " + p.errorMessage() + " stateEpoch=" + p.stateEpoch()
              + " start=" + p.startOffset() + " batches=" + p.stateBatches().stream()
                  .map(b -> b.firstOffset() + "-" + b.lastOffset() + ":" + b.deliveryState() + "x" + b.deliveryCount())
                  .collect(Collectors.joining(",")))
          .toList()).toList());
    }

    void summary(String what, String group, UUID topic, int partition, int leaderEpoch, short version) {
      ReadShareGroupStateSummaryResponse r = Broker.call(client, ReadShareGroupStateSummaryRequestCodec.INSTANCE,
          ReadShareGroupStateSummaryResponseCodec.INSTANCE, version, new ReadShareGroupStateSummaryRequest(group,
              List.of(new ReadShareGroupStateSummaryRequest.ReadStateSummaryData(topic, List.of(
                  new ReadShareGroupStateSummaryRequest.PartitionData(partition, leaderEpoch, NONE)), NONE)), NONE));
      lines.add(what + ": " + r.results().stream().map(t -> mask(t.topicId()) + t.partitions().stream()
          .map(p -> p.partition() + " " + p.errorCode() + " " + p.errorMessage() + " stateEpoch=" + p.stateEpoch()
              + " leaderEpoch=" + p.leaderEpoch() + " start=" + p.startOffset()
              + (version >= 1 ? " complete=" + p.deliveryCompleteCount() : ""))
          .toList()).toList());
    }

    void write(String what, String group, UUID topic, int partition, int stateEpoch, int leaderEpoch, long startOffset,
        int deliveryCompleteCount, List<WriteShareGroupStateRequest.StateBatch> batches, short version) {
      WriteShareGroupStateResponse r = Broker.call(client, WriteShareGroupStateRequestCodec.INSTANCE,
          WriteShareGroupStateResponseCodec.INSTANCE, version, new WriteShareGroupStateRequest(group,
              List.of(new WriteShareGroupStateRequest.WriteStateData(topic, List.of(
                  new WriteShareGroupStateRequest.PartitionData(partition, stateEpoch, leaderEpoch, startOffset,
                      deliveryCompleteCount, batches, NONE)), NONE)), NONE));
      lines.add(what + ": " + r.results().stream().map(t -> mask(t.topicId()) + t.partitions().stream()
          .map(p -> p.partition() + " " + p.errorCode() + " " + p.errorMessage()).toList()).toList());
    }

    void delete(String what, String group, UUID topic, int partition) {
      DeleteShareGroupStateResponse r = Broker.call(client, DeleteShareGroupStateRequestCodec.INSTANCE,
          DeleteShareGroupStateResponseCodec.INSTANCE, (short) 0, new DeleteShareGroupStateRequest(group,
              List.of(new DeleteShareGroupStateRequest.DeleteStateData(topic, List.of(
                  new DeleteShareGroupStateRequest.PartitionData(partition, NONE)), NONE)), NONE));
      lines.add(what + ": " + r.results().stream().map(t -> mask(t.topicId()) + t.partitions().stream()
          .map(p -> p.partition() + " " + p.errorCode() + " " + p.errorMessage()).toList()).toList());
    }

    void unregisterController(String what, int controllerId) {
      UnregisterControllerResponse r = Broker.call(client, UnregisterControllerRequestCodec.INSTANCE,
          UnregisterControllerResponseCodec.INSTANCE, (short) 0, new UnregisterControllerRequest(controllerId, NONE));
      lines.add(what + ": " + r.errorCode() + " " + r.errorMessage());
    }

    /** The topic's own id, or another; never the id itself (each cluster has its own). */
    private String mask(UUID id) {
      return id == null ? "null" : id.equals(topicId) ? "topic" : "other-topic";
    }
  }
}
