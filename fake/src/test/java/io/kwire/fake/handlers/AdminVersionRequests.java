package io.kwire.fake.handlers;

import io.kwire.messages.AddRaftVoterRequestBuilder;
import io.kwire.messages.AlterConfigsRequestBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder;
import io.kwire.messages.AlterReplicaLogDirsRequestBuilder;
import io.kwire.messages.DescribeLogDirsRequestBuilder;
import io.kwire.messages.DescribeProducersRequestBuilder;
import io.kwire.messages.DescribeQuorumRequestBuilder;
import io.kwire.messages.DescribeTopicPartitionsRequestBuilder;
import io.kwire.messages.DescribeTransactionsRequestBuilder;
import io.kwire.messages.ElectLeadersRequestBuilder;
import io.kwire.messages.GetTelemetrySubscriptionsRequestBuilder;
import io.kwire.messages.ListConfigResourcesRequestBuilder;
import io.kwire.messages.ListPartitionReassignmentsRequestBuilder;
import io.kwire.messages.ListTransactionsRequestBuilder;
import io.kwire.messages.PushTelemetryRequestBuilder;
import io.kwire.messages.RemoveRaftVoterRequestBuilder;
import io.kwire.messages.UnregisterBrokerRequestBuilder;
import io.kwire.messages.UpdateFeaturesRequestBuilder;
import io.kwire.messages.WriteTxnMarkersRequestBuilder;
import java.util.List;
import java.util.UUID;
import java.util.function.UnaryOperator;

/**
 * EveryVersionTest's requests for the admin APIs of issue 27 (a file of their own, so that the
 * test's switch stays short): known and unknown topics, partitions led here and elsewhere.
 */
final class AdminVersionRequests {
  private AdminVersionRequests() {}

  /** @param coordinated a transactional id from the base on that broker 0 coordinates */
  static Object request(short apiKey, short v, UnaryOperator<String> coordinated) {
    return switch (apiKey) {
      case 75 -> new DescribeTopicPartitionsRequestBuilder().responsePartitionLimit(1).topics(List.of(
          new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name("v").build(),
          new DescribeTopicPartitionsRequestBuilder.TopicRequestBuilder().name("nope").build())).build();
      case 27 -> new WriteTxnMarkersRequestBuilder().markers(List.of(new WriteTxnMarkersRequestBuilder
          .WritableTxnMarkerBuilder().producerId(77).producerEpoch((short) 0).transactionResult(false)
          .coordinatorEpoch(0).topics(List.of(new WriteTxnMarkersRequestBuilder.WritableTxnMarkerTopicBuilder()
              .name("v").partitionIndexes(List.of(0, 1, 7)).build())).build())).build();
      case 61 -> new DescribeProducersRequestBuilder().topics(List.of(
          new DescribeProducersRequestBuilder.TopicRequestBuilder().name("v").partitionIndexes(List.of(0, 1)).build(),
          new DescribeProducersRequestBuilder.TopicRequestBuilder().name("nope").partitionIndexes(List.of(0))
              .build())).build();
      case 65 -> new DescribeTransactionsRequestBuilder().transactionalIds(List.of(coordinated.apply("t"), "nope"))
          .build();
      case 66 -> new ListTransactionsRequestBuilder().stateFilters(List.of("Ongoing", "Sleeping"))
          .durationFilter(v >= 1 ? 0 : -1).transactionalIdPattern(v >= 2 ? "t.*" : null).build();
      case 43 -> new ElectLeadersRequestBuilder().electionType((byte) 0).topicPartitions(v == 1 ? null : List.of(
          new ElectLeadersRequestBuilder.TopicPartitionsBuilder().topic("v").partitions(List.of(0, 1, 9)).build(),
          new ElectLeadersRequestBuilder.TopicPartitionsBuilder().topic("nope").partitions(List.of(0)).build())).build();
      case 45 -> new AlterPartitionReassignmentsRequestBuilder().allowReplicationFactorChange(v == 0).topics(List.of(
          new AlterPartitionReassignmentsRequestBuilder.ReassignableTopicBuilder().name("v").partitions(List.of(
              new AlterPartitionReassignmentsRequestBuilder.ReassignablePartitionBuilder().partitionIndex(0)
                  .replicas(List.of(1, 0)).build(),
              new AlterPartitionReassignmentsRequestBuilder.ReassignablePartitionBuilder().partitionIndex(1)
                  .replicas(List.of(0)).build(),
              new AlterPartitionReassignmentsRequestBuilder.ReassignablePartitionBuilder().partitionIndex(1)
                  .replicas(null).build())).build())).build();
      case 46 -> new ListPartitionReassignmentsRequestBuilder().topics(null).build();
      case 35 -> new DescribeLogDirsRequestBuilder().topics(v % 2 == 0 ? null : List.of(
          new DescribeLogDirsRequestBuilder.DescribableLogDirTopicBuilder().topic("v").partitions(List.of(0, 1)).build(),
          new DescribeLogDirsRequestBuilder.DescribableLogDirTopicBuilder().topic("nope").partitions(List.of(0))
              .build())).build();
      case 34 -> new AlterReplicaLogDirsRequestBuilder().dirs(List.of(
          new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirBuilder().path("/kwire-fake/broker-0/logs")
              .topics(List.of(new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirTopicBuilder().name("v")
                  .partitions(List.of(0, 1, 5)).build())).build(),
          new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirBuilder().path("/else")
              .topics(List.of(new AlterReplicaLogDirsRequestBuilder.AlterReplicaLogDirTopicBuilder().name("v")
                  .partitions(List.of(0)).build())).build())).build();
      case 33 -> new AlterConfigsRequestBuilder().resources(List.of(
          new AlterConfigsRequestBuilder.AlterConfigsResourceBuilder().resourceType((byte) 2).resourceName("v")
              .configs(List.of(new AlterConfigsRequestBuilder.AlterableConfigBuilder().name("retention.ms").value("9")
                  .build())).build(),
          new AlterConfigsRequestBuilder.AlterConfigsResourceBuilder().resourceType((byte) 4).resourceName("0")
              .configs(List.of()).build())).build();
      case 55 -> new DescribeQuorumRequestBuilder().topics(List.of(new DescribeQuorumRequestBuilder.TopicDataBuilder()
          .topicName("__cluster_metadata").partitions(List.of(new DescribeQuorumRequestBuilder.PartitionDataBuilder()
              .partitionIndex(0).build())).build())).build();
      case 64 -> new UnregisterBrokerRequestBuilder().brokerId(v + 5).build();
      case 80 -> new AddRaftVoterRequestBuilder().clusterId("test-cluster").voterId(3).voterDirectoryId(new UUID(1, 2))
          .listeners(List.of(new AddRaftVoterRequestBuilder.ListenerBuilder().name("CONTROLLER").host("h").port(1)
              .build())).build();
      case 81 -> new RemoveRaftVoterRequestBuilder().clusterId(null).voterId(0).voterDirectoryId(new UUID(1, 2)).build();
      case 71 -> new GetTelemetrySubscriptionsRequestBuilder().clientInstanceId(new UUID(0, 0)).build();
      case 72 -> new PushTelemetryRequestBuilder().clientInstanceId(new UUID(3, 4)).subscriptionId(1)
          .metrics(java.nio.ByteBuffer.wrap(new byte[] {1, 2})).build();
      case 74 -> new ListConfigResourcesRequestBuilder().resourceTypes(v >= 1 ? List.of((byte) 2, (byte) 4) : List.of())
          .build();
      case 57 -> new UpdateFeaturesRequestBuilder().validateOnly(v >= 1).featureUpdates(List.of(
          new UpdateFeaturesRequestBuilder.FeatureUpdateKeyBuilder().feature("transaction.version")
              .maxVersionLevel((short) 1).allowDowngrade(v == 0).upgradeType((byte) (v == 0 ? 1 : 2)).build(),
          new UpdateFeaturesRequestBuilder.FeatureUpdateKeyBuilder().feature("nope").maxVersionLevel((short) 1)
              .build())).build();
      default -> throw new AssertionError("no scenario for api key " + apiKey);
    };
  }
}
