package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.txns.TransactionCoordinator;
import io.kwire.messages.AddRaftVoterRequestCodec;
import io.kwire.messages.AddRaftVoterResponseCodec;
import io.kwire.messages.AlterConfigsRequestCodec;
import io.kwire.messages.AlterConfigsResponseCodec;
import io.kwire.messages.AlterPartitionReassignmentsRequestCodec;
import io.kwire.messages.AlterPartitionReassignmentsResponseCodec;
import io.kwire.messages.AlterReplicaLogDirsRequestCodec;
import io.kwire.messages.AlterReplicaLogDirsResponseCodec;
import io.kwire.messages.DescribeLogDirsRequestCodec;
import io.kwire.messages.DescribeLogDirsResponseCodec;
import io.kwire.messages.DescribeProducersRequestCodec;
import io.kwire.messages.DescribeProducersResponseCodec;
import io.kwire.messages.DescribeQuorumRequestCodec;
import io.kwire.messages.DescribeQuorumResponseCodec;
import io.kwire.messages.DescribeTopicPartitionsRequestCodec;
import io.kwire.messages.DescribeTopicPartitionsResponseCodec;
import io.kwire.messages.DescribeTransactionsRequestCodec;
import io.kwire.messages.DescribeTransactionsResponseCodec;
import io.kwire.messages.ElectLeadersRequestCodec;
import io.kwire.messages.ElectLeadersResponseCodec;
import io.kwire.messages.GetTelemetrySubscriptionsRequestCodec;
import io.kwire.messages.GetTelemetrySubscriptionsResponseCodec;
import io.kwire.messages.ListConfigResourcesRequestCodec;
import io.kwire.messages.ListConfigResourcesResponseCodec;
import io.kwire.messages.ListPartitionReassignmentsRequestCodec;
import io.kwire.messages.ListPartitionReassignmentsResponseCodec;
import io.kwire.messages.ListTransactionsRequestCodec;
import io.kwire.messages.ListTransactionsResponseCodec;
import io.kwire.messages.PushTelemetryRequestCodec;
import io.kwire.messages.PushTelemetryResponseCodec;
import io.kwire.messages.RemoveRaftVoterRequestCodec;
import io.kwire.messages.RemoveRaftVoterResponseCodec;
import io.kwire.messages.UnregisterBrokerRequestCodec;
import io.kwire.messages.UnregisterBrokerResponseCodec;
import io.kwire.messages.UnregisterControllerRequestCodec;
import io.kwire.messages.UnregisterControllerResponseCodec;
import io.kwire.messages.UpdateFeaturesRequestCodec;
import io.kwire.messages.UpdateFeaturesResponseCodec;
import io.kwire.messages.WriteTxnMarkersRequestCodec;
import io.kwire.messages.WriteTxnMarkersResponseCodec;
import java.util.List;

/**
 * The admin APIs of issue 27 (what AdminClient asks beyond topics, groups and configs), at the
 * versions Kafka 4.4.0 answers; {@link BrokerApis} adds them to the rest. Those whose older versions
 * Kafka 3.9 also served and the bridge translates (DescribeLogDirs and AlterReplicaLogDirs v0) are
 * widened to them by {@code OldVersions}, as the other APIs are.
 */
final class AdminApis {
  private AdminApis() {}

  static List<FakeApi<?, ?>> of(ClusterState cluster, TransactionCoordinator transactions) {
    return List.of(
        FakeApi.of(DescribeTopicPartitionsRequestCodec.INSTANCE, DescribeTopicPartitionsResponseCodec.INSTANCE, 0, 0,
            new DescribeTopicPartitionsHandler(cluster)),
        FakeApi.of(WriteTxnMarkersRequestCodec.INSTANCE, WriteTxnMarkersResponseCodec.INSTANCE, 1, 2,
            new WriteTxnMarkersHandler(cluster)),
        FakeApi.of(DescribeProducersRequestCodec.INSTANCE, DescribeProducersResponseCodec.INSTANCE, 0, 0,
            new DescribeProducersHandler(cluster)),
        FakeApi.of(DescribeTransactionsRequestCodec.INSTANCE, DescribeTransactionsResponseCodec.INSTANCE, 0, 0,
            new DescribeTransactionsHandler(transactions)),
        FakeApi.of(ListTransactionsRequestCodec.INSTANCE, ListTransactionsResponseCodec.INSTANCE, 0, 2,
            new ListTransactionsHandler(transactions, cluster.clock())),
        FakeApi.of(ElectLeadersRequestCodec.INSTANCE, ElectLeadersResponseCodec.INSTANCE, 0, 2,
            new ElectLeadersHandler(cluster)),
        FakeApi.of(AlterPartitionReassignmentsRequestCodec.INSTANCE, AlterPartitionReassignmentsResponseCodec.INSTANCE,
            0, 1, new AlterPartitionReassignmentsHandler(cluster)),
        FakeApi.of(ListPartitionReassignmentsRequestCodec.INSTANCE, ListPartitionReassignmentsResponseCodec.INSTANCE,
            0, 0, new ListPartitionReassignmentsHandler()),
        FakeApi.of(DescribeLogDirsRequestCodec.INSTANCE, DescribeLogDirsResponseCodec.INSTANCE, 1, 5,
            new DescribeLogDirsHandler(cluster)),
        FakeApi.of(AlterReplicaLogDirsRequestCodec.INSTANCE, AlterReplicaLogDirsResponseCodec.INSTANCE, 1, 2,
            new AlterReplicaLogDirsHandler(cluster)),
        FakeApi.of(AlterConfigsRequestCodec.INSTANCE, AlterConfigsResponseCodec.INSTANCE, 0, 2,
            new AlterConfigsHandler(cluster)),
        FakeApi.of(DescribeQuorumRequestCodec.INSTANCE, DescribeQuorumResponseCodec.INSTANCE, 0, 2,
            new DescribeQuorumHandler(cluster)),
        FakeApi.of(UnregisterBrokerRequestCodec.INSTANCE, UnregisterBrokerResponseCodec.INSTANCE, 0, 0,
            new UnregisterBrokerHandler(cluster)),
        FakeApi.of(UnregisterControllerRequestCodec.INSTANCE, UnregisterControllerResponseCodec.INSTANCE, 0, 0,
            new UnregisterControllerHandler(cluster)),
        FakeApi.of(AddRaftVoterRequestCodec.INSTANCE, AddRaftVoterResponseCodec.INSTANCE, 0, 1,
            RaftVoterHandlers.add(cluster)),
        FakeApi.of(RemoveRaftVoterRequestCodec.INSTANCE, RemoveRaftVoterResponseCodec.INSTANCE, 0, 0,
            RaftVoterHandlers.remove(cluster)),
        FakeApi.of(GetTelemetrySubscriptionsRequestCodec.INSTANCE, GetTelemetrySubscriptionsResponseCodec.INSTANCE, 0, 0,
            TelemetryHandlers.subscriptions(cluster)),
        FakeApi.of(PushTelemetryRequestCodec.INSTANCE, PushTelemetryResponseCodec.INSTANCE, 0, 0,
            TelemetryHandlers.push(cluster)),
        FakeApi.of(ListConfigResourcesRequestCodec.INSTANCE, ListConfigResourcesResponseCodec.INSTANCE, 0, 1,
            new ListConfigResourcesHandler(cluster)),
        FakeApi.of(UpdateFeaturesRequestCodec.INSTANCE, UpdateFeaturesResponseCodec.INSTANCE, 0, 2,
            new UpdateFeaturesHandler(cluster)));
  }
}
