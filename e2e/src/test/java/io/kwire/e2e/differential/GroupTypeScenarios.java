package io.kwire.e2e.differential;

import static io.kwire.e2e.differential.Calls.call;

import io.kwire.messages.AlterShareGroupOffsetsRequestBuilder;
import io.kwire.messages.AlterShareGroupOffsetsRequestCodec;
import io.kwire.messages.AlterShareGroupOffsetsResponseCodec;
import io.kwire.messages.DeleteGroupsRequestBuilder;
import io.kwire.messages.DeleteGroupsRequestCodec;
import io.kwire.messages.DeleteGroupsResponseCodec;
import io.kwire.messages.DeleteShareGroupOffsetsRequestBuilder;
import io.kwire.messages.DeleteShareGroupOffsetsRequestCodec;
import io.kwire.messages.DeleteShareGroupOffsetsResponseCodec;
import io.kwire.messages.DescribeConfigsRequestBuilder;
import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseCodec;
import io.kwire.messages.DescribeGroupsRequestBuilder;
import io.kwire.messages.DescribeGroupsRequestCodec;
import io.kwire.messages.DescribeGroupsResponseCodec;
import io.kwire.messages.DescribeShareGroupOffsetsRequest;
import io.kwire.messages.DescribeShareGroupOffsetsRequestBuilder;
import io.kwire.messages.DescribeShareGroupOffsetsRequestCodec;
import io.kwire.messages.DescribeShareGroupOffsetsResponse;
import io.kwire.messages.DescribeShareGroupOffsetsResponseCodec;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.IncrementalAlterConfigsRequestBuilder;
import io.kwire.messages.IncrementalAlterConfigsRequestCodec;
import io.kwire.messages.IncrementalAlterConfigsResponseCodec;
import io.kwire.messages.ListGroupsRequestBuilder;
import io.kwire.messages.ListGroupsRequestCodec;
import io.kwire.messages.ListGroupsResponseCodec;
import io.kwire.messages.ShareAcknowledgeRequestBuilder;
import io.kwire.messages.ShareAcknowledgeRequestCodec;
import io.kwire.messages.ShareAcknowledgeResponseCodec;
import io.kwire.messages.ShareFetchRequestBuilder;
import io.kwire.messages.ShareFetchRequestCodec;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.ShareFetchResponseCodec;
import io.kwire.messages.ShareGroupDescribeRequestBuilder;
import io.kwire.messages.ShareGroupDescribeRequestCodec;
import io.kwire.messages.ShareGroupDescribeResponseCodec;
import io.kwire.messages.ShareGroupHeartbeatRequestBuilder;
import io.kwire.messages.ShareGroupHeartbeatRequestCodec;
import io.kwire.messages.ShareGroupHeartbeatResponse;
import io.kwire.messages.ShareGroupHeartbeatResponseCodec;
import io.kwire.messages.StreamsGroupDescribeRequestBuilder;
import io.kwire.messages.StreamsGroupDescribeRequestCodec;
import io.kwire.messages.StreamsGroupDescribeResponseCodec;
import io.kwire.messages.StreamsGroupHeartbeatRequest;
import io.kwire.messages.StreamsGroupHeartbeatRequestBuilder;
import io.kwire.messages.StreamsGroupHeartbeatRequestCodec;
import io.kwire.messages.StreamsGroupHeartbeatResponse;
import io.kwire.messages.StreamsGroupHeartbeatResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.RecordBatchBuilder;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * The differential's scenarios of the Kafka 4 group types (issue 26): a share group (KIP-932) and a
 * streams group (KIP-1071), each from its first heartbeat to its deletion. Kafka's coordinators do
 * part of their work in the background (the share state initialized before a partition is assigned,
 * the streams internal topics created); that waiting happens on {@link Recording#direct}, so the
 * recorded steps are the same on both targets.
 */
final class GroupTypeScenarios {
  private static final byte GROUP_KEY = 0;
  private static final byte SHARE_KEY = 2;
  private static final byte TOPIC_RESOURCE = 2;
  private static final byte GROUP_RESOURCE = 32;
  private static final byte SET = 0;
  /** Member ids a KIP-932/KIP-1071 client chooses itself: fixed, so never masked. */
  private static final String MEMBER = "AAAAAAAAAAAAAAAAAAAAAg";
  private static final String WARM_UP_MEMBER = "AAAAAAAAAAAAAAAAAAAAAw";
  private static final byte ACCEPT = 1;
  private static final byte RELEASE = 2;
  private static final byte REJECT = 3;
  /** COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE, NOT_COORDINATOR: Kafka's answers while it loads. */
  private static final Set<Short> BUSY = Set.of((short) 14, (short) 15, (short) 16);

  private GroupTypeScenarios() {}

  /**
   * A share group from its configs to its deletion: IncrementalAlterConfigs of the group (GROUP
   * resource: start at the earliest offset) and of its topic, DescribeConfigs of the group,
   * FindCoordinator, ShareGroupHeartbeat join and heartbeat, ShareFetch opening a session and
   * acquiring three records, ShareAcknowledge accepting, releasing and rejecting one each, a
   * ShareFetch that gets the released one again (delivery count 2), a ShareFetch closing the session
   * with that record's release piggybacked, ShareGroupDescribe (and of a group that is not there), leave; then on
   * the empty group DescribeShareGroupOffsets, AlterShareGroupOffsets (and of an unknown topic),
   * DeleteShareGroupOffsets, ListGroups of type share, DescribeGroups, DeleteGroups, and
   * ShareGroupDescribe of the group deleted.
   */
  static void shareGroupRound(Recording target, String names) {
    KwireClient client = target.recorded();
    KwireClient direct = target.direct();
    String topic = names + "-share";
    String group = names + "-share-group";
    UUID id = Calls.createTopic(direct, topic, 1);
    Scenarios.produce(direct, null, (short) -1, topic, id, 0, Scenarios.batch(RecordBatchBuilder.create(0), "share"));

    // Kafka spaces a share group's assignments by a second; the recorded join comes right after the
    // warm-up member's assignment, and must be given the partition at once on both.
    call(client, IncrementalAlterConfigsRequestCodec.INSTANCE, new IncrementalAlterConfigsRequestBuilder().resources(
        List.of(setting(GROUP_RESOURCE, group, "share.auto.offset.reset", "earliest", "share.assignment.interval.ms", "0"),
            setting(TOPIC_RESOURCE, topic, "retention.ms", "86400000"))).build(),
        IncrementalAlterConfigsResponseCodec.INSTANCE);
    awaitGroupConfig(direct, group, "share.assignment.interval.ms", "0");
    groupConfigs(client, group, "share.auto.offset.reset", "share.assignment.interval.ms",
        "share.record.lock.duration.ms", "share.heartbeat.interval.ms");

    // Kafka creates its share state topic at the first FindCoordinator of a share key, and assigns a
    // share group's partition only once its state is initialized there (InitializeShareGroupState,
    // after the heartbeat that subscribes to it): a member of the group warms it up, then leaves.
    Calls.awaitCoordinator(direct, GROUP_KEY, group);
    Calls.awaitCoordinator(direct, SHARE_KEY, group + ":" + kafkaUuid(id) + ":0");
    awaitShareAssignment(direct, group, WARM_UP_MEMBER, topic);
    shareHeartbeat(direct, group, WARM_UP_MEMBER, -1, null);

    Calls.findCoordinator(client, GROUP_KEY, group);
    ShareGroupHeartbeatResponse joined = shareHeartbeat(client, group, MEMBER, 0, List.of(topic));
    shareHeartbeat(client, group, MEMBER, joined.memberEpoch(), null);

    shareFetch(client, group, 0, List.of(new ShareFetchRequestBuilder.FetchTopicBuilder()
        .topicId(id).partitions(List.of(new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(0).build()))
        .build()));
    call(client, ShareAcknowledgeRequestCodec.INSTANCE, acknowledge(group, 1, id, 0, 2, List.of(ACCEPT, RELEASE, REJECT)),
        ShareAcknowledgeResponseCodec.INSTANCE);
    shareFetch(client, group, 2, List.of());
    // Released again rather than accepted: Kafka writes a start offset that moves past the last record
    // in flight only later (the fake at once), so the state compared is one with a record to deliver.
    // The acknowledgement rides on the ShareFetch that closes the session (epoch -1: nothing fetched).
    call(client, ShareFetchRequestCodec.INSTANCE, new ShareFetchRequestBuilder().groupId(group).memberId(MEMBER)
        .shareSessionEpoch(-1).maxWaitMs(0).minBytes(0).maxBytes(1 << 20).maxRecords(500).batchSize(500)
        .topics(List.of(new ShareFetchRequestBuilder.FetchTopicBuilder().topicId(id).partitions(List.of(
            new ShareFetchRequestBuilder.FetchPartitionBuilder().partitionIndex(0).acknowledgementBatches(List.of(
                new ShareFetchRequestBuilder.AcknowledgementBatchBuilder().firstOffset(1).lastOffset(1)
                    .acknowledgeTypes(List.of(RELEASE)).build())).build())).build()))
        .build(), ShareFetchResponseCodec.INSTANCE);
    call(client, ShareGroupDescribeRequestCodec.INSTANCE, new ShareGroupDescribeRequestBuilder()
        .groupIds(List.of(group, names + "-no-such-group")).build(), ShareGroupDescribeResponseCodec.INSTANCE);
    shareHeartbeat(client, group, MEMBER, -1, null);

    // Kafka's share-partition writes its state to the share coordinator, which DescribeShareGroupOffsets
    // reads, a moment later (about 2 s here): offset 1 available again (the start offset), 2 archived,
    // so one record left (the lag).
    Calls.await(() -> describeShareOffsets(direct, group, topic), r -> r.groups().get(0).topics().size() == 1
        && r.groups().get(0).topics().get(0).partitions().get(0).startOffset() == 1
        && r.groups().get(0).topics().get(0).partitions().get(0).lag() == 1, "the share state written");
    describeShareOffsets(client, group, null);
    call(client, AlterShareGroupOffsetsRequestCodec.INSTANCE, new AlterShareGroupOffsetsRequestBuilder().groupId(group)
        .topics(List.of(new AlterShareGroupOffsetsRequestBuilder.AlterShareGroupOffsetsRequestTopicBuilder()
            .topicName(topic).partitions(List.of(new AlterShareGroupOffsetsRequestBuilder
                .AlterShareGroupOffsetsRequestPartitionBuilder().partitionIndex(0).startOffset(1).build())).build(),
            new AlterShareGroupOffsetsRequestBuilder.AlterShareGroupOffsetsRequestTopicBuilder()
                .topicName(names + "-missing").partitions(List.of(new AlterShareGroupOffsetsRequestBuilder
                    .AlterShareGroupOffsetsRequestPartitionBuilder().partitionIndex(0).startOffset(0).build())).build()))
        .build(), AlterShareGroupOffsetsResponseCodec.INSTANCE);
    describeShareOffsets(client, group, topic);
    call(client, DeleteShareGroupOffsetsRequestCodec.INSTANCE, new DeleteShareGroupOffsetsRequestBuilder().groupId(group)
        .topics(List.of(new DeleteShareGroupOffsetsRequestBuilder.DeleteShareGroupOffsetsRequestTopicBuilder()
            .topicName(topic).build())).build(), DeleteShareGroupOffsetsResponseCodec.INSTANCE);
    describeShareOffsets(client, group, topic);
    call(client, ListGroupsRequestCodec.INSTANCE, new ListGroupsRequestBuilder().typesFilter(List.of("share")).build(),
        ListGroupsResponseCodec.INSTANCE);
    call(client, DescribeGroupsRequestCodec.INSTANCE, new DescribeGroupsRequestBuilder().groups(List.of(group)).build(),
        DescribeGroupsResponseCodec.INSTANCE);
    call(client, DeleteGroupsRequestCodec.INSTANCE, new DeleteGroupsRequestBuilder().groupsNames(List.of(group)).build(),
        DeleteGroupsResponseCodec.INSTANCE);
    call(client, ShareGroupDescribeRequestCodec.INSTANCE, new ShareGroupDescribeRequestBuilder()
        .groupIds(List.of(group)).build(), ShareGroupDescribeResponseCodec.INSTANCE);
  }

  /**
   * A streams group (a word count: subtopology 0 reads the source topic and writes a repartition
   * topic, subtopology 1 reads it into a store with a changelog): IncrementalAlterConfigs of the
   * group, FindCoordinator, StreamsGroupHeartbeat join (the internal topics missing: the broker creates them), a heartbeat
   * that gets the four tasks, one reporting them running, StreamsGroupDescribe (and of a group that
   * is not there) without and with the topology description, leave; ListGroups of type streams,
   * DescribeGroups, DeleteGroups.
   */
  static void streamsGroupRound(Recording target, String names) {
    KwireClient client = target.recorded();
    KwireClient direct = target.direct();
    String source = names + "-words";
    String app = names + "-app";
    Calls.createTopic(direct, source, 2);
    Calls.awaitCoordinator(direct, GROUP_KEY, app);
    // Kafka spaces a streams group's assignments by a second (streams.assignment.interval.ms) and may
    // count the join's, which hands out no task: 0 here, so that the heartbeat after the warm-up is
    // given the tasks on both however quick the warm-up is.
    call(client, IncrementalAlterConfigsRequestCodec.INSTANCE, new IncrementalAlterConfigsRequestBuilder().resources(
        List.of(setting(GROUP_RESOURCE, app, "streams.assignment.interval.ms", "0"))).build(),
        IncrementalAlterConfigsResponseCodec.INSTANCE);
    awaitGroupConfig(direct, app, "streams.assignment.interval.ms", "0");

    Calls.findCoordinator(client, GROUP_KEY, app);
    StreamsGroupHeartbeatResponse joined = streamsHeartbeat(client, app, MEMBER, 0, topology(app, source), List.of());
    // Kafka creates the internal topics in the background, and assigns tasks once its coordinator's
    // metadata image has them: a group of another name, of the same topology, warms up until it
    // is given tasks.
    String warmUp = names + "-app-warm-up";
    int[] epoch = {0};
    Calls.await(() -> {
      StreamsGroupHeartbeatResponse r = streamsHeartbeat(direct, warmUp, WARM_UP_MEMBER, epoch[0],
          epoch[0] == 0 ? topology(app, source) : null, List.of());
      epoch[0] = r.errorCode() == 0 ? r.memberEpoch() : 0;
      return r;
    }, r -> r.errorCode() == 0 && r.activeTasks() != null && !r.activeTasks().isEmpty(), "tasks for " + warmUp);
    streamsHeartbeat(direct, warmUp, WARM_UP_MEMBER, -1, null, null);

    StreamsGroupHeartbeatResponse assigned = streamsHeartbeat(client, app, MEMBER, joined.memberEpoch(), null, List.of());
    List<StreamsGroupHeartbeatRequest.TaskIds> running = assigned.activeTasks() == null ? List.of()
        : assigned.activeTasks().stream().map(t -> new StreamsGroupHeartbeatRequestBuilder.TaskIdsBuilder()
            .subtopologyId(t.subtopologyId()).partitions(t.partitions()).build()).toList();
    streamsHeartbeat(client, app, MEMBER, assigned.memberEpoch(), null, running);
    for (boolean description : new boolean[] {false, true}) {
      call(client, StreamsGroupDescribeRequestCodec.INSTANCE, new StreamsGroupDescribeRequestBuilder()
          .groupIds(List.of(app, names + "-no-such-app")).includeTopologyDescription(description).build(),
          StreamsGroupDescribeResponseCodec.INSTANCE);
    }
    streamsHeartbeat(client, app, MEMBER, -1, null, null);
    call(client, ListGroupsRequestCodec.INSTANCE, new ListGroupsRequestBuilder().typesFilter(List.of("streams")).build(),
        ListGroupsResponseCodec.INSTANCE);
    call(client, DescribeGroupsRequestCodec.INSTANCE, new DescribeGroupsRequestBuilder().groups(List.of(app)).build(),
        DescribeGroupsResponseCodec.INSTANCE);
    call(client, DeleteGroupsRequestCodec.INSTANCE, new DeleteGroupsRequestBuilder().groupsNames(List.of(app)).build(),
        DeleteGroupsResponseCodec.INSTANCE);
  }

  /** The word count's topology, its internal topics named after the application id, as Kafka Streams names them. */
  private static StreamsGroupHeartbeatRequest.Topology topology(String app, String source) {
    String repartition = app + "-by-word-repartition";
    return new StreamsGroupHeartbeatRequestBuilder.TopologyBuilder().epoch(0).subtopologies(List.of(
        new StreamsGroupHeartbeatRequestBuilder.SubtopologyBuilder().subtopologyId("0").sourceTopics(List.of(source))
            .sourceTopicRegex(List.of()).stateChangelogTopics(List.of()).repartitionSinkTopics(List.of(repartition))
            .repartitionSourceTopics(List.of()).copartitionGroups(List.of()).build(),
        new StreamsGroupHeartbeatRequestBuilder.SubtopologyBuilder().subtopologyId("1").sourceTopics(List.of())
            .sourceTopicRegex(List.of())
            .stateChangelogTopics(List.of(new StreamsGroupHeartbeatRequestBuilder.TopicInfoBuilder()
                .name(app + "-counts-changelog").partitions(0).replicationFactor((short) 0)
                .topicConfigs(List.of(new StreamsGroupHeartbeatRequestBuilder.KeyValueBuilder().key("cleanup.policy")
                    .value("compact").build())).build()))
            .repartitionSinkTopics(List.of())
            .repartitionSourceTopics(List.of(new StreamsGroupHeartbeatRequestBuilder.TopicInfoBuilder().name(repartition)
                .partitions(0).replicationFactor((short) 0).topicConfigs(List.of()).build()))
            .copartitionGroups(List.of()).build()))
        .build();
  }

  /** Joins (epoch 0, with {@code topology}), heartbeats (reporting {@code active}) or leaves (-1). */
  private static StreamsGroupHeartbeatResponse streamsHeartbeat(KwireClient client, String group, String member,
      int epoch, StreamsGroupHeartbeatRequest.Topology topology, List<StreamsGroupHeartbeatRequest.TaskIds> active) {
    StreamsGroupHeartbeatRequestBuilder request = new StreamsGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(member).memberEpoch(epoch);
    if (epoch == 0) {
      request.rebalanceTimeoutMs(30_000).processId("process-" + member).topology(topology);
    }
    if (active != null) {
      request.activeTasks(active).standbyTasks(List.of()).warmupTasks(List.of());
    }
    return call(client, StreamsGroupHeartbeatRequestCodec.INSTANCE, request.build(),
        StreamsGroupHeartbeatResponseCodec.INSTANCE);
  }

  /** Joins and heartbeats (direct) until the member is given a partition. */
  private static void awaitShareAssignment(KwireClient direct, String group, String member, String topic) {
    int[] epoch = {0};
    Calls.await(() -> {
      ShareGroupHeartbeatResponse r = shareHeartbeat(direct, group, member, epoch[0], epoch[0] == 0 ? List.of(topic) : null);
      epoch[0] = BUSY.contains(r.errorCode()) ? epoch[0] : r.memberEpoch();
      return r;
    }, r -> r.errorCode() == 0 && r.assignment() != null && !r.assignment().topicPartitions().isEmpty(),
        "a partition of " + topic + " for " + member);
  }

  private static ShareGroupHeartbeatResponse shareHeartbeat(KwireClient client, String group, String member, int epoch,
      List<String> topics) {
    return call(client, ShareGroupHeartbeatRequestCodec.INSTANCE, new ShareGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(member).memberEpoch(epoch).subscribedTopicNames(topics).build(),
        ShareGroupHeartbeatResponseCodec.INSTANCE);
  }

  /** A ShareFetch waiting up to 10 s for a record (Kafka reads the share-partition's state first). */
  private static ShareFetchResponse shareFetch(KwireClient client, String group, int sessionEpoch,
      List<io.kwire.messages.ShareFetchRequest.FetchTopic> topics) {
    return call(client, ShareFetchRequestCodec.INSTANCE, new ShareFetchRequestBuilder().groupId(group).memberId(MEMBER)
        .shareSessionEpoch(sessionEpoch).maxWaitMs(10_000).minBytes(1).maxBytes(1 << 20).maxRecords(500)
        .batchSize(500).topics(topics).build(), ShareFetchResponseCodec.INSTANCE);
  }

  private static io.kwire.messages.ShareAcknowledgeRequest acknowledge(String group, int sessionEpoch, UUID topicId,
      long first, long last, List<Byte> types) {
    return new ShareAcknowledgeRequestBuilder().groupId(group).memberId(MEMBER).shareSessionEpoch(sessionEpoch)
        .topics(List.of(new ShareAcknowledgeRequestBuilder.AcknowledgeTopicBuilder().topicId(topicId).partitions(List.of(
            new ShareAcknowledgeRequestBuilder.AcknowledgePartitionBuilder().partitionIndex(0).acknowledgementBatches(
                List.of(new ShareAcknowledgeRequestBuilder.AcknowledgementBatchBuilder().firstOffset(first).lastOffset(last)
                    .acknowledgeTypes(types).build())).build())).build()))
        .build();
  }

  /** DescribeShareGroupOffsets of the group's partition 0 of {@code topic}, or (null) of every topic it has state for. */
  private static DescribeShareGroupOffsetsResponse describeShareOffsets(KwireClient client, String group, String topic) {
    List<DescribeShareGroupOffsetsRequest.DescribeShareGroupOffsetsRequestTopic> topics = topic == null ? null
        : List.of(new DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestTopicBuilder()
            .topicName(topic).partitions(List.of(0)).build());
    return call(client, DescribeShareGroupOffsetsRequestCodec.INSTANCE, new DescribeShareGroupOffsetsRequestBuilder()
        .groups(List.of(new DescribeShareGroupOffsetsRequestBuilder.DescribeShareGroupOffsetsRequestGroupBuilder()
            .groupId(group).topics(topics).build())).build(), DescribeShareGroupOffsetsResponseCodec.INSTANCE);
  }

  private static DescribeConfigsResponse groupConfigs(KwireClient client, String group, String... keys) {
    return call(client, DescribeConfigsRequestCodec.INSTANCE, new DescribeConfigsRequestBuilder().resources(List.of(
        new DescribeConfigsRequestBuilder.DescribeConfigsResourceBuilder().resourceType(GROUP_RESOURCE).resourceName(group)
            .configurationKeys(List.of(keys)).build())).build(), DescribeConfigsResponseCodec.INSTANCE);
  }

  /** Kafka's brokers take a group config from the metadata log a moment after it is altered. */
  static void awaitGroupConfig(KwireClient direct, String group, String key, String value) {
    Calls.await(() -> groupConfigs(direct, group, key), r -> r.results().get(0).configs().stream()
        .anyMatch(c -> c.name().equals(key) && c.value().equals(value)), key + " of " + group);
  }

  /** An IncrementalAlterConfigs resource that SETs {@code namesAndValues} (name, value, name, value...). */
  static IncrementalAlterConfigsRequest.AlterConfigsResource setting(byte type, String name,
      String... namesAndValues) {
    List<IncrementalAlterConfigsRequest.AlterableConfig> configs = new java.util.ArrayList<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      configs.add(new IncrementalAlterConfigsRequestBuilder.AlterableConfigBuilder().name(namesAndValues[i])
          .configOperation(SET).value(namesAndValues[i + 1]).build());
    }
    return new IncrementalAlterConfigsRequestBuilder.AlterConfigsResourceBuilder().resourceType(type).resourceName(name)
        .configs(configs).build();
  }

  /** A topic id as Kafka writes it in a share coordinator key: URL-safe base64, no padding. */
  private static String kafkaUuid(UUID id) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(
        ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array());
  }
}
