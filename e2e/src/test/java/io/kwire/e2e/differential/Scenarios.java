package io.kwire.e2e.differential;

import static io.kwire.e2e.differential.Calls.call;

import io.kwire.messages.ConsumerGroupHeartbeatRequestBuilder;
import io.kwire.messages.ConsumerGroupHeartbeatRequestCodec;
import io.kwire.messages.ConsumerGroupHeartbeatResponse;
import io.kwire.messages.ConsumerGroupHeartbeatResponseCodec;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.DeleteTopicsRequestBuilder;
import io.kwire.messages.DeleteTopicsRequestCodec;
import io.kwire.messages.DeleteTopicsResponseCodec;
import io.kwire.messages.DescribeConfigsRequestBuilder;
import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeConfigsResponseCodec;
import io.kwire.messages.EndTxnRequestBuilder;
import io.kwire.messages.EndTxnRequestCodec;
import io.kwire.messages.EndTxnResponse;
import io.kwire.messages.EndTxnResponseCodec;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.messages.HeartbeatRequestBuilder;
import io.kwire.messages.HeartbeatRequestCodec;
import io.kwire.messages.HeartbeatResponseCodec;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.InitProducerIdRequestCodec;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.InitProducerIdResponseCodec;
import io.kwire.messages.JoinGroupRequestBuilder;
import io.kwire.messages.JoinGroupRequestCodec;
import io.kwire.messages.JoinGroupResponse;
import io.kwire.messages.JoinGroupResponseCodec;
import io.kwire.messages.LeaveGroupRequestBuilder;
import io.kwire.messages.LeaveGroupRequestCodec;
import io.kwire.messages.LeaveGroupResponseCodec;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.OffsetCommitResponseCodec;
import io.kwire.messages.OffsetFetchRequestBuilder;
import io.kwire.messages.OffsetFetchRequestCodec;
import io.kwire.messages.OffsetFetchResponseCodec;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.messages.TxnOffsetCommitRequestBuilder;
import io.kwire.messages.TxnOffsetCommitRequestCodec;
import io.kwire.messages.TxnOffsetCommitResponseCodec;
import io.kwire.messages.SyncGroupRequestBuilder;
import io.kwire.messages.SyncGroupRequestCodec;
import io.kwire.messages.SyncGroupResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.Header;
import io.kwire.runtime.records.RecordBatchBuilder;
import io.kwire.runtime.records.Records;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The differential's scenarios: the requests a client sends, exactly, in order. */
final class Scenarios {
  private static final byte GROUP_KEY = 0;
  private static final byte TRANSACTION_KEY = 1;
  private static final byte TOPIC_RESOURCE = 2;
  private static final byte READ_COMMITTED = 1;
  /** Record timestamps are fixed: CreateTime comes back in ListOffsets and must not need a mask. */
  private static final long TIMESTAMP = 1_700_000_000_000L;
  /** A member id a KIP-848 client chooses itself (ConsumerGroupHeartbeat v1+): fixed, so never masked. */
  private static final String MEMBER = "AAAAAAAAAAAAAAAAAAAAAQ";
  /** TxnOffsetCommit v5: the last by topic name, and the first that adds its group (transactions v2). */
  private static final short TXN_V2_OFFSET_COMMIT = 5;

  static final Map<String, Scenario> ALL = Map.ofEntries(
      Map.entry("admin with errors", Scenarios::adminWithErrors),
      Map.entry("produce and fetch", Scenarios::produceAndFetch),
      Map.entry("classic group round", Scenarios::classicGroupRound),
      Map.entry("KIP-848 heartbeat round", Scenarios::consumerGroupHeartbeatRound),
      Map.entry("transaction commit and abort", Scenarios::transactionCommitAndAbort),
      Map.entry("admin: topic partitions, leaders, reassignments", AdminApiScenarios::topicPartitionsLeadersAndReassignments),
      Map.entry("admin: producers, markers, transactions, log dirs", AdminApiScenarios::producersMarkersTransactionsAndLogDirs),
      Map.entry("admin: features, quorum, configs", AdminApiScenarios::featuresQuorumAndConfigs),
      Map.entry("share group round", GroupTypeScenarios::shareGroupRound),
      Map.entry("streams group round", GroupTypeScenarios::streamsGroupRound),
      Map.entry("KIP-848 group epochs", GroupEpochScenarios::consumerGroupEpochs),
      Map.entry("KIP-848 static member", GroupEpochScenarios::staticMemberRejoin));

  private Scenarios() {}

  /**
   * CreateTopics that succeeds, then one whose topics each fail (already there, illegal name, no
   * partitions, more replicas than brokers); DeleteTopics of a missing topic; DescribeConfigs of
   * chosen keys and of a missing topic; Metadata of the topic and of a missing one.
   */
  static void adminWithErrors(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-admin", missing = names + "-missing";
    call(client, CreateTopicsRequestCodec.INSTANCE, createTopics(List.of(creatable(topic, 3, 1))),
        CreateTopicsResponseCodec.INSTANCE);
    Calls.awaitLeaders(target.direct(), topic, 3);
    call(client, CreateTopicsRequestCodec.INSTANCE, createTopics(List.of(creatable(topic, 1, 1),
        creatable("bad name!", 1, 1), creatable(names + "-none", 0, 1), creatable(names + "-three", 1, 3))),
        CreateTopicsResponseCodec.INSTANCE);
    call(client, DeleteTopicsRequestCodec.INSTANCE, new DeleteTopicsRequestBuilder().timeoutMs(30_000)
        .topics(List.of(new DeleteTopicsRequestBuilder.DeleteTopicStateBuilder().name(missing)
            .topicId(new UUID(0, 0)).build()))
        .topicNames(List.of(missing)).build(), DeleteTopicsResponseCodec.INSTANCE);
    call(client, DescribeConfigsRequestCodec.INSTANCE, new DescribeConfigsRequestBuilder().resources(List.of(
        new DescribeConfigsRequestBuilder.DescribeConfigsResourceBuilder().resourceType(TOPIC_RESOURCE).resourceName(topic)
            .configurationKeys(List.of("cleanup.policy", "retention.ms", "min.insync.replicas")).build(),
        new DescribeConfigsRequestBuilder.DescribeConfigsResourceBuilder().resourceType(TOPIC_RESOURCE)
            .resourceName(missing).configurationKeys(null).build()))
        .build(), DescribeConfigsResponseCodec.INSTANCE);
    Calls.metadata(client, List.of(topic, missing));
  }

  /**
   * Produce with acks 1 and all, idempotent Produce (first, duplicate, out of order), Fetch of both
   * partitions, ListOffsets earliest, latest and max timestamp.
   */
  static void produceAndFetch(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-data";
    UUID id = Calls.createTopic(target.direct(), topic, 2);
    // Kafka answers COORDINATOR_LOAD_IN_PROGRESS until its transaction coordinator has loaded.
    Calls.await(() -> initProducerId(target.direct(), null), r -> r.errorCode() == 0, "producer ids");
    produce(client, null, (short) 1, topic, id, 0, batch(RecordBatchBuilder.create(0), "a"));
    produce(client, null, (short) -1, topic, id, 0, batch(RecordBatchBuilder.create(0), "b"));
    InitProducerIdResponse producer = initProducerId(client, null);
    Records first = batch(RecordBatchBuilder.create(0).producer(producer.producerId(), producer.producerEpoch(), 0), "i");
    produce(client, null, (short) -1, topic, id, 1, first);
    produce(client, null, (short) -1, topic, id, 1, first);
    produce(client, null, (short) -1, topic, id, 1,
        batch(RecordBatchBuilder.create(0).producer(producer.producerId(), producer.producerEpoch(), 10), "gap"));
    fetch(client, topic, id, (byte) 0);
    for (long timestamp : new long[] {-2, -1, -3}) {
      listOffsets(client, topic, timestamp, (byte) 0);
    }
  }

  /** FindCoordinator, JoinGroup twice (MEMBER_ID_REQUIRED first), SyncGroup, Heartbeat, OffsetCommit, OffsetFetch, LeaveGroup, a Heartbeat after. */
  static void classicGroupRound(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-classic", group = names + "-classic-group";
    UUID id = Calls.createTopic(target.direct(), topic, 2);
    Calls.awaitCoordinator(target.direct(), GROUP_KEY, group);
    Calls.findCoordinator(client, GROUP_KEY, group);
    byte[] subscription = {0, 0, 0, 0, 0, 1, 0, (byte) topic.length()};
    subscription = concat(subscription, topic.getBytes(StandardCharsets.UTF_8), new byte[] {-1, -1, -1, -1});
    JoinGroupResponse required = join(client, group, "", subscription);
    JoinGroupResponse joined = join(client, group, required.memberId(), subscription);
    String member = required.memberId();
    byte[] assignment = concat(new byte[] {0, 0, 0, 0, 0, 1, 0, (byte) topic.length()},
        topic.getBytes(StandardCharsets.UTF_8), new byte[] {0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, -1, -1, -1, -1});
    call(client, SyncGroupRequestCodec.INSTANCE, new SyncGroupRequestBuilder().groupId(group)
        .generationId(joined.generationId()).memberId(member).protocolType("consumer").protocolName("range")
        .assignments(List.of(new SyncGroupRequestBuilder.SyncGroupRequestAssignmentBuilder().memberId(member)
            .assignment(assignment).build()))
        .build(), SyncGroupResponseCodec.INSTANCE);
    heartbeat(client, group, joined.generationId(), member);
    call(client, OffsetCommitRequestCodec.INSTANCE, new OffsetCommitRequestBuilder().groupId(group)
        .generationIdOrMemberEpoch(joined.generationId()).memberId(member)
        .topics(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder().name(topic).topicId(id)
            .partitions(List.of(commit(0, 42, "first"), commit(1, 7, null))).build()))
        .build(), OffsetCommitResponseCodec.INSTANCE);
    call(client, OffsetFetchRequestCodec.INSTANCE, new OffsetFetchRequestBuilder().requireStable(true)
        .groups(List.of(new OffsetFetchRequestBuilder.OffsetFetchRequestGroupBuilder().groupId(group)
            .topics(List.of(new OffsetFetchRequestBuilder.OffsetFetchRequestTopicsBuilder().name(topic).topicId(id)
                .partitionIndexes(List.of(0, 1, 2)).build()))
            .build()))
        .build(), OffsetFetchResponseCodec.INSTANCE);
    call(client, LeaveGroupRequestCodec.INSTANCE, new LeaveGroupRequestBuilder().groupId(group)
        .members(List.of(new LeaveGroupRequestBuilder.MemberIdentityBuilder().memberId(member).reason("done").build()))
        .build(), LeaveGroupResponseCodec.INSTANCE);
    heartbeat(client, group, joined.generationId(), member);
  }

  /**
   * ConsumerGroupHeartbeat: join (epoch 0), a heartbeat owning what was assigned, one naming an assignor
   * the broker does not have, leave (epoch -1).
   */
  static void consumerGroupHeartbeatRound(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-kip848", group = names + "-kip848-group";
    Calls.createTopic(target.direct(), topic, 2);
    Calls.awaitCoordinator(target.direct(), GROUP_KEY, group);
    // Kafka answers COORDINATOR_LOAD_IN_PROGRESS while it loads the offsets topic it just created, and
    // assigns nothing while its group coordinator's metadata image lacks the new topic (a moment after
    // the broker's Metadata shows it): warm up until a member is given the topic's partitions.
    String warmUp = names + "-kip848-warm-up";
    Calls.await(() -> call(target.direct(), ConsumerGroupHeartbeatRequestCodec.INSTANCE,
        new ConsumerGroupHeartbeatRequestBuilder().groupId(warmUp).memberId(MEMBER).memberEpoch(0)
            .rebalanceTimeoutMs(30_000).subscribedTopicNames(List.of(topic)).topicPartitions(List.of()).build(),
        ConsumerGroupHeartbeatResponseCodec.INSTANCE), r -> r.errorCode() == 0 && r.assignment() != null
            && !r.assignment().topicPartitions().isEmpty(), "the group coordinator, assigning " + topic);
    call(target.direct(), ConsumerGroupHeartbeatRequestCodec.INSTANCE, new ConsumerGroupHeartbeatRequestBuilder()
        .groupId(warmUp).memberId(MEMBER).memberEpoch(-1).build(), ConsumerGroupHeartbeatResponseCodec.INSTANCE);
    Calls.findCoordinator(client, GROUP_KEY, group);
    ConsumerGroupHeartbeatResponse joined = call(client, ConsumerGroupHeartbeatRequestCodec.INSTANCE,
        new ConsumerGroupHeartbeatRequestBuilder().groupId(group).memberId(MEMBER).memberEpoch(0)
            .rebalanceTimeoutMs(30_000).subscribedTopicNames(List.of(topic)).topicPartitions(List.of()).build(),
        ConsumerGroupHeartbeatResponseCodec.INSTANCE);
    List<io.kwire.messages.ConsumerGroupHeartbeatRequest.TopicPartitions> owned = joined.assignment() == null
        ? List.of()
        : joined.assignment().topicPartitions().stream().map(tp -> new ConsumerGroupHeartbeatRequestBuilder
            .TopicPartitionsBuilder().topicId(tp.topicId()).partitions(tp.partitions()).build()).toList();
    call(client, ConsumerGroupHeartbeatRequestCodec.INSTANCE, new ConsumerGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(MEMBER).memberEpoch(joined.memberEpoch()).topicPartitions(owned).build(),
        ConsumerGroupHeartbeatResponseCodec.INSTANCE);
    // An assignor the broker does not have: UNSUPPORTED_ASSIGNOR, its message listing the ones it has.
    call(client, ConsumerGroupHeartbeatRequestCodec.INSTANCE, new ConsumerGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(MEMBER).memberEpoch(joined.memberEpoch()).serverAssignor("sticky").build(),
        ConsumerGroupHeartbeatResponseCodec.INSTANCE);
    call(client, ConsumerGroupHeartbeatRequestCodec.INSTANCE, new ConsumerGroupHeartbeatRequestBuilder().groupId(group)
        .memberId(MEMBER).memberEpoch(-1).build(), ConsumerGroupHeartbeatResponseCodec.INSTANCE);
  }

  /**
   * Transactions v2 (KIP-890), as Kafka's 4.4 producer runs them against a cluster that finalizes
   * transaction.version 2: no AddPartitionsToTxn (Produce v12+ adds the partition), EndTxn v5 (every
   * end bumps the epoch and answers it), TxnOffsetCommit v5 adding its group (no AddOffsetsToTxn).
   * One transactional id commits on partition 0 with an offset for a group, another aborts on
   * partition 1; a read_committed Fetch once both markers are written, and ListOffsets latest
   * read_committed.
   */
  static void transactionCommitAndAbort(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-txn", committing = names + "-commit", aborting = names + "-abort";
    String group = names + "-txn-group";
    UUID id = Calls.createTopic(target.direct(), topic, 2);
    Calls.awaitCoordinator(target.direct(), TRANSACTION_KEY, names + "-warm-up");
    Calls.awaitCoordinator(target.direct(), GROUP_KEY, group);
    Calls.await(() -> initProducerId(target.direct(), names + "-warm-up"), r -> r.errorCode() == 0, "transactions");
    Calls.findCoordinator(client, TRANSACTION_KEY, committing);
    transaction(client, committing, topic, id, 0, group);
    transaction(client, aborting, topic, id, 1, null);
    Calls.await(() -> call(target.direct(), ListOffsetsRequestCodec.INSTANCE, listOffsetsRequest(topic, -1, READ_COMMITTED),
        ListOffsetsResponseCodec.INSTANCE), r -> r.topics().get(0).partitions().stream().allMatch(p -> p.offset() == 4),
        "both markers written");
    fetch(client, topic, id, READ_COMMITTED);
    listOffsets(client, topic, -1, READ_COMMITTED);
  }

  /** One transaction: commits (with an offset for {@code group}) when a group is given, else aborts. */
  private static void transaction(KwireClient client, String txn, String topic, UUID id, int partition, String group) {
    boolean commit = group != null;
    InitProducerIdResponse producer = initProducerId(client, txn);
    produce(client, txn, (short) -1, topic, id, partition, batch(RecordBatchBuilder.create(0).transactional(true)
        .producer(producer.producerId(), producer.producerEpoch(), 0), txn));
    if (commit) {
      Calls.callAt(client, TXN_V2_OFFSET_COMMIT, TxnOffsetCommitRequestCodec.INSTANCE, new TxnOffsetCommitRequestBuilder()
          .transactionalId(txn).groupId(group).producerId(producer.producerId())
          .producerEpoch(producer.producerEpoch()).generationIdOrMemberEpoch(-1).memberId("").groupInstanceId(null)
          .topics(List.of(new TxnOffsetCommitRequestBuilder.TxnOffsetCommitRequestTopicBuilder().name(topic)
              .partitions(List.of(new TxnOffsetCommitRequestBuilder.TxnOffsetCommitRequestPartitionBuilder()
                  .partitionIndex(partition).committedOffset(1).committedLeaderEpoch(-1).committedMetadata("")
                  .build()))
              .build()))
          .build(), TxnOffsetCommitResponseCodec.INSTANCE);
    }
    EndTxnResponse ended = call(client, EndTxnRequestCodec.INSTANCE, new EndTxnRequestBuilder()
        .transactionalId(txn).producerId(producer.producerId()).producerEpoch(producer.producerEpoch())
        .committed(commit).build(), EndTxnResponseCodec.INSTANCE);
    if (ended.errorCode() != 0 || ended.producerEpoch() != producer.producerEpoch() + 1) {
      throw new AssertionError("EndTxn v5 did not end the transaction with the epoch bumped: " + ended);
    }
  }

  private static InitProducerIdResponse initProducerId(KwireClient client, String txn) {
    return call(client, InitProducerIdRequestCodec.INSTANCE, new InitProducerIdRequestBuilder().transactionalId(txn)
        .transactionTimeoutMs(txn == null ? -1 : 60_000).producerId(-1).producerEpoch((short) -1).build(), InitProducerIdResponseCodec.INSTANCE);
  }

  private static CreateTopicsRequest createTopics(List<CreateTopicsRequest.CreatableTopic> topics) {
    return new CreateTopicsRequestBuilder().topics(topics).timeoutMs(30_000).validateOnly(false).build();
  }

  private static CreateTopicsRequest.CreatableTopic creatable(String name, int partitions, int replicas) {
    return new CreateTopicsRequestBuilder.CreatableTopicBuilder().name(name).numPartitions(partitions)
        .replicationFactor((short) replicas).build();
  }

  /** Three records (a null key, a null value, headers), fixed timestamps. */
  static Records batch(RecordBatchBuilder builder, String tag) {
    for (int i = 0; i < 3; i++) {
      builder.append(TIMESTAMP + i, i == 1 ? null : bytes("key-" + tag + i), i == 2 ? null : bytes("value-" + tag + i),
          new Header("h", bytes(tag)));
    }
    return builder.build();
  }

  static void produce(KwireClient client, String txn, short acks, String topic, UUID id, int partition,
      Records records) {
    call(client, ProduceRequestCodec.INSTANCE, produceRequest(txn, acks, topic, id, partition, records),
        ProduceResponseCodec.INSTANCE);
  }

  private static io.kwire.messages.ProduceRequest produceRequest(String txn, short acks, String topic, UUID id,
      int partition, Records records) {
    return new ProduceRequestBuilder().transactionalId(txn).acks(acks).timeoutMs(30_000)
        .topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder().name(topic).topicId(id)
            .partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(partition)
                .records(records).build()))
            .build()))
        .build();
  }

  private static FetchResponse fetch(KwireClient client, String topic, UUID id, byte isolation) {
    return call(client, FetchRequestCodec.INSTANCE, new FetchRequestBuilder().replicaId(-1).maxWaitMs(0).minBytes(0)
        .maxBytes(8 << 20).isolationLevel(isolation).sessionId(0).sessionEpoch(-1)
        .topics(List.of(new FetchRequestBuilder.FetchTopicBuilder().topic(topic).topicId(id).partitions(List.of(
            new FetchRequestBuilder.FetchPartitionBuilder().partition(0).fetchOffset(0).partitionMaxBytes(1 << 20).build(),
            new FetchRequestBuilder.FetchPartitionBuilder().partition(1).fetchOffset(0).partitionMaxBytes(1 << 20).build()))
            .build()))
        .forgottenTopicsData(List.of()).rackId("").build(), FetchResponseCodec.INSTANCE);
  }

  private static void listOffsets(KwireClient client, String topic, long timestamp, byte isolation) {
    call(client, ListOffsetsRequestCodec.INSTANCE, listOffsetsRequest(topic, timestamp, isolation),
        ListOffsetsResponseCodec.INSTANCE);
  }

  private static io.kwire.messages.ListOffsetsRequest listOffsetsRequest(String topic, long timestamp, byte isolation) {
    return new ListOffsetsRequestBuilder().replicaId(-1).isolationLevel(isolation).timeoutMs(30_000)
        .topics(List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name(topic).partitions(List.of(
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(timestamp).build(),
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(1).timestamp(timestamp).build()))
            .build()))
        .build();
  }

  private static JoinGroupResponse join(KwireClient client, String group, String memberId, byte[] subscription) {
    return call(client, JoinGroupRequestCodec.INSTANCE, new JoinGroupRequestBuilder().groupId(group)
        .sessionTimeoutMs(10_000).rebalanceTimeoutMs(10_000).memberId(memberId).protocolType("consumer")
        .protocols(List.of(new JoinGroupRequestBuilder.JoinGroupRequestProtocolBuilder().name("range")
            .metadata(subscription).build()))
        .reason("differential").build(), JoinGroupResponseCodec.INSTANCE);
  }

  private static void heartbeat(KwireClient client, String group, int generation, String member) {
    call(client, HeartbeatRequestCodec.INSTANCE, new HeartbeatRequestBuilder().groupId(group).generationId(generation)
        .memberId(member).build(), HeartbeatResponseCodec.INSTANCE);
  }

  private static io.kwire.messages.OffsetCommitRequest.OffsetCommitRequestPartition commit(int partition, long offset,
      String metadata) {
    return new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder().partitionIndex(partition)
        .committedOffset(offset).committedMetadata(metadata).build();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}
