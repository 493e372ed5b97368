package io.kwire.e2e.differential;

import static io.kwire.e2e.differential.Calls.call;

import io.kwire.messages.AlterConfigsRequestBuilder;
import io.kwire.messages.AlterConfigsRequestCodec;
import io.kwire.messages.AlterConfigsResponseCodec;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder.ReassignablePartitionBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder.ReassignableTopicBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequestCodec;
import io.kwire.messages.AlterPartitionReassignmentsResponseCodec;
import io.kwire.messages.AlterReplicaLogDirsRequestBuilder;
import io.kwire.messages.AlterReplicaLogDirsRequestCodec;
import io.kwire.messages.AlterReplicaLogDirsResponseCodec;
import io.kwire.messages.DescribeLogDirsRequestBuilder;
import io.kwire.messages.DescribeLogDirsRequestCodec;
import io.kwire.messages.DescribeLogDirsResponse;
import io.kwire.messages.DescribeLogDirsResponseCodec;
import io.kwire.messages.DescribeProducersRequestBuilder;
import io.kwire.messages.DescribeProducersRequestCodec;
import io.kwire.messages.DescribeProducersResponseCodec;
import io.kwire.messages.DescribeQuorumRequestBuilder;
import io.kwire.messages.DescribeQuorumRequestCodec;
import io.kwire.messages.DescribeQuorumResponseCodec;
import io.kwire.messages.DescribeTopicPartitionsRequestBuilder;
import io.kwire.messages.DescribeTopicPartitionsRequestCodec;
import io.kwire.messages.DescribeTopicPartitionsResponseCodec;
import io.kwire.messages.DescribeTransactionsRequest;
import io.kwire.messages.DescribeTransactionsRequestBuilder;
import io.kwire.messages.DescribeTransactionsRequestCodec;
import io.kwire.messages.DescribeTransactionsResponseCodec;
import io.kwire.messages.ElectLeadersRequestBuilder;
import io.kwire.messages.ElectLeadersRequestCodec;
import io.kwire.messages.ElectLeadersResponseCodec;
import io.kwire.messages.InitProducerIdRequestBuilder;
import io.kwire.messages.InitProducerIdRequestCodec;
import io.kwire.messages.InitProducerIdResponse;
import io.kwire.messages.InitProducerIdResponseCodec;
import io.kwire.messages.ListConfigResourcesRequestBuilder;
import io.kwire.messages.ListConfigResourcesRequestCodec;
import io.kwire.messages.ListConfigResourcesResponseCodec;
import io.kwire.messages.ListPartitionReassignmentsRequestBuilder;
import io.kwire.messages.ListPartitionReassignmentsRequestCodec;
import io.kwire.messages.ListPartitionReassignmentsResponseCodec;
import io.kwire.messages.ListTransactionsRequestBuilder;
import io.kwire.messages.ListTransactionsRequestCodec;
import io.kwire.messages.ListTransactionsResponseCodec;
import io.kwire.messages.ProduceRequestBuilder;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.ProduceResponseCodec;
import io.kwire.messages.UnregisterBrokerRequestBuilder;
import io.kwire.messages.UnregisterBrokerRequestCodec;
import io.kwire.messages.UnregisterBrokerResponseCodec;
import io.kwire.messages.UpdateFeaturesRequestBuilder;
import io.kwire.messages.UpdateFeaturesRequestCodec;
import io.kwire.messages.UpdateFeaturesResponseCodec;
import io.kwire.messages.WriteTxnMarkersRequestBuilder;
import io.kwire.messages.WriteTxnMarkersRequestCodec;
import io.kwire.messages.WriteTxnMarkersResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.records.RecordBatchBuilder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/** The differential's scenarios of the admin APIs of issue 27, with raw requests. */
final class AdminApiScenarios {
  private static final long TIMESTAMP = 1_700_000_000_000L;

  private AdminApiScenarios() {}

  /**
   * DescribeTopicPartitions of three topics (one illegal, one missing) with a limit of two
   * partitions, then from the cursor it gave; ElectLeaders preferred and unclean;
   * AlterPartitionReassignments (the same replica, a broker twice, an unknown broker, a
   * cancellation, a missing topic); ListPartitionReassignments of the topic and of all.
   */
  static void topicPartitionsLeadersAndReassignments(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-dtp", missing = names + "-missing";
    Calls.createTopic(target.direct(), topic, 3);
    int node = Calls.metadata(target.direct(), List.of(topic)).brokers().get(0).nodeId();
    List<String> three = List.of(topic, missing, "bad name!");
    call(client, DescribeTopicPartitionsRequestCodec.INSTANCE, describeTopicPartitions(three, 2, null),
        DescribeTopicPartitionsResponseCodec.INSTANCE);
    call(client, DescribeTopicPartitionsRequestCodec.INSTANCE, describeTopicPartitions(three, 2,
        new DescribeTopicPartitionsRequestBuilder.CursorBuilder().topicName(topic).partitionIndex(2).build()),
        DescribeTopicPartitionsResponseCodec.INSTANCE);
    for (byte type : new byte[] {0, 1}) {
      call(client, ElectLeadersRequestCodec.INSTANCE, new ElectLeadersRequestBuilder().electionType(type)
          .topicPartitions(List.of(
              new ElectLeadersRequestBuilder.TopicPartitionsBuilder().topic(topic).partitions(List.of(0, 7)).build(),
              new ElectLeadersRequestBuilder.TopicPartitionsBuilder().topic(missing).partitions(List.of(0)).build()))
          .timeoutMs(30_000).build(), ElectLeadersResponseCodec.INSTANCE);
    }
    call(client, AlterPartitionReassignmentsRequestCodec.INSTANCE, new AlterPartitionReassignmentsRequestBuilder()
        .timeoutMs(30_000).topics(List.of(
            new ReassignableTopicBuilder().name(topic).partitions(List.of(
                new ReassignablePartitionBuilder().partitionIndex(0).replicas(List.of(node)).build(),
                new ReassignablePartitionBuilder().partitionIndex(1).replicas(List.of(node, node)).build(),
                new ReassignablePartitionBuilder().partitionIndex(2).replicas(null).build())).build(),
            new ReassignableTopicBuilder().name(names + "-dtp-other").partitions(List.of(
                new ReassignablePartitionBuilder().partitionIndex(0).replicas(List.of(node)).build())).build()))
        .build(), AlterPartitionReassignmentsResponseCodec.INSTANCE);
    call(client, ListPartitionReassignmentsRequestCodec.INSTANCE, new ListPartitionReassignmentsRequestBuilder()
        .timeoutMs(30_000).topics(List.of(new ListPartitionReassignmentsRequestBuilder
            .ListPartitionReassignmentsTopicsBuilder().name(topic).partitionIndexes(List.of(0, 1, 2)).build()))
        .build(), ListPartitionReassignmentsResponseCodec.INSTANCE);
  }

  /**
   * An idempotent producer writes to a partition; DescribeProducers of it, of an empty one, a
   * missing partition and a missing topic; WriteTxnMarkers (abort) for that producer there and on
   * a missing topic; DescribeProducers again; DescribeTransactions of an unknown id; ListTransactions
   * filtered by that producer id and by states (one unknown); DescribeLogDirs and
   * AlterReplicaLogDirs (to the broker's own log directory, and to one it does not have).
   */
  static void producersMarkersTransactionsAndLogDirs(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-producers", missing = names + "-missing";
    UUID id = Calls.createTopic(target.direct(), topic, 2);
    Calls.await(() -> initProducerId(target.direct()), r -> r.errorCode() == 0, "producer ids");
    InitProducerIdResponse producer = initProducerId(client);
    RecordBatchBuilder batch = RecordBatchBuilder.create(0).producer(producer.producerId(), producer.producerEpoch(), 0);
    for (int i = 0; i < 2; i++) {
      batch.append(TIMESTAMP + i, bytes("k" + i), bytes("v" + i));
    }
    call(client, ProduceRequestCodec.INSTANCE, new ProduceRequestBuilder().acks((short) -1).timeoutMs(30_000)
        .topicData(List.of(new ProduceRequestBuilder.TopicProduceDataBuilder().name(topic).topicId(id)
            .partitionData(List.of(new ProduceRequestBuilder.PartitionProduceDataBuilder().index(0)
                .records(batch.build()).build())).build())).build(), ProduceResponseCodec.INSTANCE);
    describeProducers(client, topic, missing);
    call(client, WriteTxnMarkersRequestCodec.INSTANCE, new WriteTxnMarkersRequestBuilder().markers(List.of(
        new WriteTxnMarkersRequestBuilder.WritableTxnMarkerBuilder().producerId(producer.producerId())
            .producerEpoch(producer.producerEpoch()).transactionResult(false).coordinatorEpoch(0).topics(List.of(
                new WriteTxnMarkersRequestBuilder.WritableTxnMarkerTopicBuilder().name(topic)
                    .partitionIndexes(List.of(0)).build(),
                new WriteTxnMarkersRequestBuilder.WritableTxnMarkerTopicBuilder().name(missing)
                    .partitionIndexes(List.of(0)).build())).build())).build(), WriteTxnMarkersResponseCodec.INSTANCE);
    describeProducers(client, topic, missing);
    // Kafka answers NOT_COORDINATOR (then COORDINATOR_LOAD_IN_PROGRESS) until its transaction state
    // topic is there and loaded
    Calls.awaitCoordinator(target.direct(), (byte) 1, names + "-no-such-txn");
    DescribeTransactionsRequest describe = new DescribeTransactionsRequestBuilder()
        .transactionalIds(List.of(names + "-no-such-txn")).build();
    Calls.await(() -> call(target.direct(), DescribeTransactionsRequestCodec.INSTANCE, describe,
        DescribeTransactionsResponseCodec.INSTANCE), r -> !Set.of((short) 14, (short) 15, (short) 16)
            .contains(r.transactionStates().get(0).errorCode()), "the transaction coordinator");
    call(client, DescribeTransactionsRequestCodec.INSTANCE, describe, DescribeTransactionsResponseCodec.INSTANCE);
    call(client, ListTransactionsRequestCodec.INSTANCE, new ListTransactionsRequestBuilder()
        .stateFilters(List.of("Ongoing", "Sleeping")).producerIdFilters(List.of(producer.producerId()))
        .durationFilter(-1).transactionalIdPattern(null).build(), ListTransactionsResponseCodec.INSTANCE);
    DescribeLogDirsResponse dirs = call(client, DescribeLogDirsRequestCodec.INSTANCE, new DescribeLogDirsRequestBuilder()
        .topics(List.of(
            new DescribeLogDirsRequestBuilder.DescribableLogDirTopicBuilder().topic(topic).partitions(List.of(0, 1))
                .build(),
            new DescribeLogDirsRequestBuilder.DescribableLogDirTopicBuilder().topic(missing).partitions(List.of(0))
                .build())).build(), DescribeLogDirsResponseCodec.INSTANCE);
    String dir = dirs.results().get(0).logDir();
    call(client, AlterReplicaLogDirsRequestCodec.INSTANCE, new AlterReplicaLogDirsRequestBuilder().dirs(List.of(
        new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirBuilder().path(dir).topics(List.of(
            new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirTopicBuilder().name(topic)
                .partitions(List.of(0)).build())).build(),
        new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirBuilder().path("/kwire-no-such-dir").topics(List.of(
            new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirTopicBuilder().name(topic)
                .partitions(List.of(1)).build())).build())).build(), AlterReplicaLogDirsResponseCodec.INSTANCE);
  }

  /**
   * UpdateFeatures with validateOnly (nothing changes on the shared broker): a valid downgrade, an
   * upgrade past what is supported, a downgrade without a downgrade type, a metadata.version
   * downgrade, an unknown feature; DescribeQuorum; AlterConfigs of a topic (validateOnly), of a
   * missing one and with an unknown name; UnregisterBroker of a broker that is not there;
   * ListConfigResources of client-metrics subscriptions (none).
   */
  static void featuresQuorumAndConfigs(Recording target, String names) {
    KwireClient client = target.recorded();
    String topic = names + "-configs";
    Calls.createTopic(target.direct(), topic, 1);
    for (Object[] update : new Object[][] {{"transaction.version", 1, 2}, {"transaction.version", 9, 1},
        {"group.version", 0, 1}, {"metadata.version", 20, 2}, {"no.such.feature", 1, 1}}) {
      call(client, UpdateFeaturesRequestCodec.INSTANCE, new UpdateFeaturesRequestBuilder().timeoutMs(30_000)
          .validateOnly(true).featureUpdates(List.of(new UpdateFeaturesRequestBuilder.FeatureUpdateKeyBuilder()
              .feature((String) update[0]).maxVersionLevel((short) (int) (Integer) update[1])
              .upgradeType((byte) (int) (Integer) update[2]).build())).build(), UpdateFeaturesResponseCodec.INSTANCE);
    }
    call(client, DescribeQuorumRequestCodec.INSTANCE, new DescribeQuorumRequestBuilder().topics(List.of(
        new DescribeQuorumRequestBuilder.TopicDataBuilder().topicName("__cluster_metadata").partitions(List.of(
            new DescribeQuorumRequestBuilder.PartitionDataBuilder().partitionIndex(0).build())).build())).build(),
        DescribeQuorumResponseCodec.INSTANCE);
    for (Object[] alter : new Object[][] {{topic, "retention.ms"}, {names + "-missing", "retention.ms"},
        {topic, "no.such.config"}}) {
      call(client, AlterConfigsRequestCodec.INSTANCE, new AlterConfigsRequestBuilder().validateOnly(true)
          .resources(List.of(new AlterConfigsRequestBuilder.AlterConfigsResourceBuilder().resourceType((byte) 2)
              .resourceName((String) alter[0]).configs(List.of(new AlterConfigsRequestBuilder.AlterableConfigBuilder()
                  .name((String) alter[1]).value("60000").build())).build())).build(),
          AlterConfigsResponseCodec.INSTANCE);
    }
    call(client, UnregisterBrokerRequestCodec.INSTANCE, new UnregisterBrokerRequestBuilder().brokerId(999).build(),
        UnregisterBrokerResponseCodec.INSTANCE);
    call(client, ListConfigResourcesRequestCodec.INSTANCE, new ListConfigResourcesRequestBuilder()
        .resourceTypes(List.of((byte) 16)).build(), ListConfigResourcesResponseCodec.INSTANCE);
  }

  private static void describeProducers(KwireClient client, String topic, String missing) {
    call(client, DescribeProducersRequestCodec.INSTANCE, new DescribeProducersRequestBuilder().topics(List.of(
        new DescribeProducersRequestBuilder.TopicRequestBuilder().name(topic).partitionIndexes(List.of(0, 1, 5)).build(),
        new DescribeProducersRequestBuilder.TopicRequestBuilder().name(missing).partitionIndexes(List.of(0)).build()))
        .build(), DescribeProducersResponseCodec.INSTANCE);
  }

  private static io.kwire.messages.DescribeTopicPartitionsRequest describeTopicPartitions(List<String> topics,
      int limit, io.kwire.messages.DescribeTopicPartitionsRequest.Cursor cursor) {
    return new DescribeTopicPartitionsRequestBuilder().topics(topics.stream()
        .map(t -> new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name(t).build()).toList())
        .responsePartitionLimit(limit).cursor(cursor).build();
  }

  private static InitProducerIdResponse initProducerId(KwireClient client) {
    return call(client, InitProducerIdRequestCodec.INSTANCE, new InitProducerIdRequestBuilder().transactionalId(null)
        .transactionTimeoutMs(-1).producerId(-1).producerEpoch((short) -1).build(), InitProducerIdResponseCodec.INSTANCE);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
