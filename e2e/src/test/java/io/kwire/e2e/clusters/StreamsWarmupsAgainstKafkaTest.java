package io.kwire.e2e.clusters;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.e2e.client.Broker;
import io.kwire.messages.FindCoordinatorRequestBuilder;
import io.kwire.messages.FindCoordinatorRequestCodec;
import io.kwire.messages.FindCoordinatorResponseCodec;
import io.kwire.messages.StreamsGroupHeartbeatRequest;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder.TaskIdsBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder.TaskOffsetBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestCodec;
import io.kwire.messages.StreamsGroupHeartbeatResponse;
import io.kwire.messages.StreamsGroupHeartbeatResponseCodec;
import io.kwire.net.KwireClient;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Warm-up tasks against the real broker: a stateful task moving to a member with no state of it.
 * Member a runs both tasks of a one-subtopology stateful topology and reports them 50000 records
 * deep (offsets and end offsets); member b (another process, no state) joins; what each has once b
 * is given a task, then once b reports it is caught up on task 1, written down on both targets.
 */
class StreamsWarmupsAgainstKafkaTest {
  private static final Set<Short> BUSY = Set.of((short) 14, (short) 15, (short) 16);

  @RegisterExtension
  static final Targets TARGETS = new Targets();

  private static final List<String> MOVED_AT_ONCE = List.of("a alone: active [0, 1] warmup []",
      "b joined without state: a active [0] warmup [], b active [1] warmup []",
      "b caught up: a active [0] warmup [], b active [1] warmup []");

  @Test
  void withTheDefaultsTheTaskMovesAtOnceAsOnKafka() throws Exception {
    String names = "warmups-" + Long.toHexString(System.nanoTime() & 0xffffff);
    List<Target> targets = TARGETS.both().toList();
    assertEquals(MOVED_AT_ONCE, run(targets.get(0), names, false));
    assertEquals(MOVED_AT_ONCE, run(targets.get(1), names, false));
  }

  /**
   * Kafka 4.4.0 takes streams.num.warmup.replicas for a group (unlisted) but assigns no warm-up
   * task; the fake then warms up as KIP-1071 describes: b warms task 1 up while a keeps it, and
   * takes it once it reports it is caught up.
   */
  @Test
  void withWarmupReplicasSetKafka440StillMovesItAtOnceAndTheFakeWarmsItUp() throws Exception {
    String names = "warmups-set-" + Long.toHexString(System.nanoTime() & 0xffffff);
    List<Target> targets = TARGETS.both().toList();
    assertEquals(MOVED_AT_ONCE, run(targets.get(0), names, true));
    assertEquals(List.of("a alone: active [0, 1] warmup []",
        "b joined without state: a active [0, 1] warmup [], b active [] warmup [1]",
        "b caught up: a active [0] warmup [], b active [1] warmup []"), run(targets.get(1), names, true));
  }

  /** One member's view: its id, epoch and the tasks last given to it. */
  private static final class Member {
    final String id = UUID.randomUUID().toString();
    final String process;
    int epoch;
    Set<Integer> active = new TreeSet<>();
    Set<Integer> warmup = new TreeSet<>();
    List<StreamsGroupHeartbeatRequest.TaskOffset> offsets;

    Member(String process) {
      this.process = process;
    }

    String tasks() {
      return "active " + active + " warmup " + warmup;
    }
  }

  private static List<String> run(Target target, String names, boolean warmupReplicasSet) throws Exception {
    String topic = names + "-in";
    try (Admin admin = Clients.admin(target)) {
      admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get();
      if (warmupReplicasSet) {
        ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, names + "-app");
        admin.incrementalAlterConfigs(Map.of(group, List.of(new AlterConfigOp(
            new ConfigEntry("streams.num.warmup.replicas", "2"), AlterConfigOp.OpType.SET)))).all().get();
        // Listed once set (not before), as the group's own value; Kafka's config cache takes a moment.
        assertEquals(List.of("streams.num.warmup.replicas=2 DYNAMIC_GROUP_CONFIG INT"), Broker.poll(() -> {
          try {
            List<String> listed = admin.describeConfigs(List.of(group)).all().get().get(group).entries().stream()
                .filter(e -> e.name().contains("warmup") || e.name().contains("recovery"))
                .map(e -> e.name() + "=" + e.value() + " " + e.source() + " " + e.type()).toList();
            return listed.isEmpty() ? null : listed;
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        }, "the group config listed"));
      }
    }
    String bootstrap = target.bootstrapServers().split(",")[0];
    int colon = bootstrap.lastIndexOf(':');
    List<String> trace = new ArrayList<>();
    try (KwireClient client = KwireClient.builder().clientId("kwire-e2e")
        .connect(new InetSocketAddress(bootstrap.substring(0, colon), Integer.parseInt(bootstrap.substring(colon + 1))))) {
      String group = names + "-app";
      // Kafka creates its offsets topic at the first FindCoordinator.
      Broker.poll(() -> Broker.call(client, FindCoordinatorRequestCodec.INSTANCE, FindCoordinatorResponseCodec.INSTANCE,
          (short) 4, new FindCoordinatorRequestBuilder().keyType((byte) 0).coordinatorKeys(List.of(group)).build())
          .coordinators().get(0).errorCode() == 0 ? true : null, "the group coordinator");
      Member a = new Member("pa");
      Member b = new Member("pb");
      beat(client, group, topic, a, true);
      Broker.poll(() -> beat(client, group, topic, a, false).active.size() == 2 ? a : null, "a runs both tasks");
      trace.add("a alone: " + a.tasks());
      a.offsets = offsets(50_000, 50_000);
      beat(client, group, topic, a, false);
      beat(client, group, topic, b, true);
      Broker.poll(() -> {
        beat(client, group, topic, a, false);
        beat(client, group, topic, b, false);
        return b.active.size() + b.warmup.size() > 0 ? b : null;
      }, "b given a task");
      trace.add("b joined without state: a " + a.tasks() + ", b " + b.tasks());
      b.offsets = offsets(null, 50_000);
      Broker.poll(() -> {
        beat(client, group, topic, a, false);
        beat(client, group, topic, b, false);
        return b.active.size() == 1 && b.warmup.isEmpty() && a.active.size() == 1 ? b : null;
      }, "b caught up runs one task");
      trace.add("b caught up: a " + a.tasks() + ", b " + b.tasks());
    }
    return trace;
  }

  /** Task offsets of partitions 0 and 1 of subtopology "0" (null: none reported). */
  private static List<StreamsGroupHeartbeatRequest.TaskOffset> offsets(Integer first, Integer second) {
    List<StreamsGroupHeartbeatRequest.TaskOffset> out = new ArrayList<>();
    if (first != null) {
      out.add(new TaskOffsetBuilder().subtopologyId("0").partition(0).offset(first).build());
    }
    if (second != null) {
      out.add(new TaskOffsetBuilder().subtopologyId("0").partition(1).offset(second).build());
    }
    return out;
  }

  private static Member beat(KwireClient client, String group, String topic, Member m, boolean join) {
    StreamsGroupHeartbeatRequestBuilder request = new StreamsGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(m.id).memberEpoch(join ? 0 : m.epoch)
        .activeTasks(tasks(m.active)).standbyTasks(List.of()).warmupTasks(tasks(m.warmup));
    if (join) {
      request.rebalanceTimeoutMs(5_000).processId(m.process)
          .topology(new StreamsGroupHeartbeatRequestBuilder.TopologyBuilder().epoch(0)
              .subtopologies(List.of(new StreamsGroupHeartbeatRequestBuilder.SubtopologyBuilder().subtopologyId("0")
                  .sourceTopics(List.of(topic)).sourceTopicRegex(List.of())
                  .stateChangelogTopics(List.of(new StreamsGroupHeartbeatRequestBuilder.TopicInfoBuilder()
                      .name(group + "-store-changelog").partitions(0).replicationFactor((short) 0)
                      .topicConfigs(List.of()).build()))
                  .repartitionSinkTopics(List.of()).repartitionSourceTopics(List.of()).copartitionGroups(List.of())
                  .build()))
              .build());
    }
    if (m.offsets != null) {
      request.taskOffsets(m.offsets).taskEndOffsets(offsets(50_000, 50_000));
    }
    StreamsGroupHeartbeatResponse r = Broker.poll(() -> {
      StreamsGroupHeartbeatResponse response = Broker.call(client, StreamsGroupHeartbeatRequestCodec.INSTANCE,
          StreamsGroupHeartbeatResponseCodec.INSTANCE, (short) 1, request.build());
      return BUSY.contains(response.errorCode()) ? null : response;
    }, "an answer other than busy");
    assertEquals(0, r.errorCode(), r.errorMessage());
    m.epoch = r.memberEpoch();
    if (r.activeTasks() != null) {
      m.active = partitions(r.activeTasks());
      m.warmup = partitions(r.warmupTasks());
    }
    return m;
  }

  private static List<StreamsGroupHeartbeatRequest.TaskIds> tasks(Set<Integer> partitions) {
    return partitions.isEmpty() ? List.of()
        : List.of(new TaskIdsBuilder().subtopologyId("0").partitions(List.copyOf(partitions)).build());
  }

  private static Set<Integer> partitions(List<StreamsGroupHeartbeatResponse.TaskIds> tasks) {
    Set<Integer> out = new TreeSet<>();
    tasks.forEach(t -> out.addAll(t.partitions()));
    return out;
  }
}
