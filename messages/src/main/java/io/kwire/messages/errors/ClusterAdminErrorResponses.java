package io.kwire.messages.errors;

import io.kwire.messages.AddRaftVoterRequest;
import io.kwire.messages.AddRaftVoterResponseBuilder;
import io.kwire.messages.AlterConfigsRequest;
import io.kwire.messages.AlterConfigsResponse;
import io.kwire.messages.AlterConfigsResponseBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequest;
import io.kwire.messages.AlterPartitionReassignmentsResponse;
import io.kwire.messages.AlterPartitionReassignmentsResponseBuilder;
import io.kwire.messages.AlterReplicaLogDirsRequest;
import io.kwire.messages.AlterReplicaLogDirsResponse;
import io.kwire.messages.AlterReplicaLogDirsResponseBuilder;
import io.kwire.messages.DescribeLogDirsRequest;
import io.kwire.messages.DescribeLogDirsResponseBuilder;
import io.kwire.messages.DescribeProducersRequest;
import io.kwire.messages.DescribeProducersResponse;
import io.kwire.messages.DescribeProducersResponseBuilder;
import io.kwire.messages.DescribeQuorumRequest;
import io.kwire.messages.DescribeQuorumResponseBuilder;
import io.kwire.messages.DescribeTopicPartitionsRequest;
import io.kwire.messages.DescribeTopicPartitionsResponse;
import io.kwire.messages.DescribeTopicPartitionsResponseBuilder;
import io.kwire.messages.DescribeTransactionsRequest;
import io.kwire.messages.DescribeTransactionsResponse;
import io.kwire.messages.DescribeTransactionsResponseBuilder;
import io.kwire.messages.ElectLeadersRequest;
import io.kwire.messages.ElectLeadersResponse;
import io.kwire.messages.ElectLeadersResponseBuilder;
import io.kwire.messages.GetTelemetrySubscriptionsRequest;
import io.kwire.messages.GetTelemetrySubscriptionsResponseBuilder;
import io.kwire.messages.ListConfigResourcesRequest;
import io.kwire.messages.ListConfigResourcesResponseBuilder;
import io.kwire.messages.ListPartitionReassignmentsRequest;
import io.kwire.messages.ListPartitionReassignmentsResponse;
import io.kwire.messages.ListPartitionReassignmentsResponseBuilder;
import io.kwire.messages.ListTransactionsRequest;
import io.kwire.messages.ListTransactionsResponseBuilder;
import io.kwire.messages.PushTelemetryRequest;
import io.kwire.messages.PushTelemetryResponseBuilder;
import io.kwire.messages.RemoveRaftVoterRequest;
import io.kwire.messages.RemoveRaftVoterResponseBuilder;
import io.kwire.messages.UnregisterBrokerRequest;
import io.kwire.messages.UnregisterBrokerResponseBuilder;
import io.kwire.messages.UnregisterControllerRequest;
import io.kwire.messages.UnregisterControllerResponse;
import io.kwire.messages.UpdateFeaturesRequest;
import io.kwire.messages.UpdateFeaturesResponseBuilder;
import io.kwire.messages.WriteTxnMarkersRequest;
import io.kwire.messages.WriteTxnMarkersResponse;
import io.kwire.messages.WriteTxnMarkersResponseBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The error responses of the cluster administration APIs (issue 27): topic partitions, the
 * transaction admin APIs, leaders and replicas, log directories, the old AlterConfigs and the
 * KRaft quorum's.
 */
final class ClusterAdminErrorResponses {
  private ClusterAdminErrorResponses() {}

  static void register(ErrorResponses.Registry shapes) {
    shapes.add(DescribeTopicPartitionsRequest.class, ClusterAdminErrorResponses::describeTopicPartitions);
    shapes.add(WriteTxnMarkersRequest.class, ClusterAdminErrorResponses::writeTxnMarkers);
    shapes.add(DescribeProducersRequest.class, ClusterAdminErrorResponses::describeProducers);
    shapes.add(DescribeTransactionsRequest.class, ClusterAdminErrorResponses::describeTransactions);
    shapes.add(ListTransactionsRequest.class, (request, version, code) ->
        new ListTransactionsResponseBuilder().errorCode(code).build());
    shapes.add(ElectLeadersRequest.class, ClusterAdminErrorResponses::electLeaders);
    shapes.add(AlterPartitionReassignmentsRequest.class, ClusterAdminErrorResponses::alterPartitionReassignments);
    shapes.add(ListPartitionReassignmentsRequest.class, ClusterAdminErrorResponses::listPartitionReassignments);
    shapes.add(DescribeLogDirsRequest.class, (request, version, code) ->
        new DescribeLogDirsResponseBuilder().errorCode(version >= 3 ? code : 0).build());
    shapes.add(AlterReplicaLogDirsRequest.class, ClusterAdminErrorResponses::alterReplicaLogDirs);
    shapes.add(AlterConfigsRequest.class, ClusterAdminErrorResponses::alterConfigs);
    shapes.add(DescribeQuorumRequest.class, (request, version, code) ->
        new DescribeQuorumResponseBuilder().errorCode(code).errorMessage(null).build());
    shapes.add(UnregisterBrokerRequest.class, (request, version, code) ->
        new UnregisterBrokerResponseBuilder().errorCode(code).errorMessage(null).build());
    shapes.add(UnregisterControllerRequest.class, (request, version, code) ->
        new UnregisterControllerResponse(0, code, null, io.kwire.runtime.wire.UnknownTaggedFields.EMPTY));
    shapes.add(AddRaftVoterRequest.class, (request, version, code) ->
        new AddRaftVoterResponseBuilder().errorCode(code).errorMessage(null).build());
    shapes.add(RemoveRaftVoterRequest.class, (request, version, code) ->
        new RemoveRaftVoterResponseBuilder().errorCode(code).errorMessage(null).build());
    shapes.add(GetTelemetrySubscriptionsRequest.class, (request, version, code) ->
        new GetTelemetrySubscriptionsResponseBuilder().errorCode(code).build());
    shapes.add(PushTelemetryRequest.class, (request, version, code) ->
        new PushTelemetryResponseBuilder().errorCode(code).build());
    shapes.add(ListConfigResourcesRequest.class, (request, version, code) ->
        new ListConfigResourcesResponseBuilder().errorCode(code).build());
    shapes.add(UpdateFeaturesRequest.class, (request, version, code) ->
        new UpdateFeaturesResponseBuilder().errorCode(code).errorMessage(null).build());
  }

  static DescribeTopicPartitionsResponse describeTopicPartitions(DescribeTopicPartitionsRequest request, short version,
      short errorCode) {
    List<DescribeTopicPartitionsResponse.DescribeTopicPartitionsResponseTopic> topics = new ArrayList<>();
    for (DescribeTopicPartitionsRequest.TopicRequest topic : request.topics()) {
      topics.add(new DescribeTopicPartitionsResponseBuilder.DescribeTopicPartitionsResponseTopicBuilder()
          .name(topic.name()).errorCode(errorCode).isInternal(false).topicId(new UUID(0, 0)).build());
    }
    return new DescribeTopicPartitionsResponseBuilder().topics(topics).build();
  }

  /**
   * Kafka keys the errors by producer id, then by partition (a later marker of the same producer
   * replaces an earlier one, a partition named twice is answered once), grouped by topic.
   */
  static WriteTxnMarkersResponse writeTxnMarkers(WriteTxnMarkersRequest request, short version, short errorCode) {
    Map<Long, Map<String, Set<Integer>>> byProducer = new LinkedHashMap<>();
    for (WriteTxnMarkersRequest.WritableTxnMarker marker : request.markers()) {
      Map<String, Set<Integer>> byTopic = new LinkedHashMap<>();
      for (WriteTxnMarkersRequest.WritableTxnMarkerTopic topic : marker.topics()) {
        if (!topic.partitionIndexes().isEmpty()) { // a topic without partitions has no key, so no answer
          byTopic.computeIfAbsent(topic.name(), t -> new LinkedHashSet<>()).addAll(topic.partitionIndexes());
        }
      }
      byProducer.put(marker.producerId(), byTopic);
    }
    List<WriteTxnMarkersResponse.WritableTxnMarkerResult> markers = new ArrayList<>();
    byProducer.forEach((producerId, byTopic) -> {
      List<WriteTxnMarkersResponse.WritableTxnMarkerTopicResult> topics = new ArrayList<>();
      byTopic.forEach((name, partitions) -> topics.add(new WriteTxnMarkersResponseBuilder
          .WritableTxnMarkerTopicResultBuilder().name(name).partitions(partitions.stream().map(i ->
              new WriteTxnMarkersResponseBuilder.WritableTxnMarkerPartitionResultBuilder().partitionIndex(i)
                  .errorCode(errorCode).build()).toList()).build()));
      markers.add(new WriteTxnMarkersResponseBuilder.WritableTxnMarkerResultBuilder().producerId(producerId)
          .topics(topics).build());
    });
    return new WriteTxnMarkersResponseBuilder().markers(markers).build();
  }

  static DescribeProducersResponse describeProducers(DescribeProducersRequest request, short version,
      short errorCode) {
    List<DescribeProducersResponse.TopicResponse> topics = new ArrayList<>();
    for (DescribeProducersRequest.TopicRequest topic : request.topics()) {
      topics.add(new DescribeProducersResponseBuilder.TopicResponseBuilder().name(topic.name())
          .partitions(topic.partitionIndexes().stream().map(i -> new DescribeProducersResponseBuilder
              .PartitionResponseBuilder().partitionIndex(i).errorCode(errorCode).errorMessage(null).build()).toList())
          .build());
    }
    return new DescribeProducersResponseBuilder().topics(topics).build();
  }

  static DescribeTransactionsResponse describeTransactions(DescribeTransactionsRequest request, short version,
      short errorCode) {
    List<DescribeTransactionsResponse.TransactionState> states = new ArrayList<>();
    for (String id : request.transactionalIds()) {
      states.add(new DescribeTransactionsResponseBuilder.TransactionStateBuilder().transactionalId(id)
          .errorCode(errorCode).transactionState("").build());
    }
    return new DescribeTransactionsResponseBuilder().transactionStates(states).build();
  }

  static ElectLeadersResponse electLeaders(ElectLeadersRequest request, short version, short errorCode) {
    List<ElectLeadersResponse.ReplicaElectionResult> results = new ArrayList<>();
    if (request.topicPartitions() != null) {
      for (ElectLeadersRequest.TopicPartitions topic : request.topicPartitions()) {
        results.add(new ElectLeadersResponseBuilder.ReplicaElectionResultBuilder().topic(topic.topic())
            .partitionResult(topic.partitions().stream().map(i -> new ElectLeadersResponseBuilder
                .PartitionResultBuilder().partitionId(i).errorCode(errorCode).errorMessage(null).build()).toList())
            .build());
      }
    }
    return new ElectLeadersResponseBuilder().errorCode(version >= 1 ? errorCode : 0).replicaElectionResults(results)
        .build();
  }

  static AlterPartitionReassignmentsResponse alterPartitionReassignments(AlterPartitionReassignmentsRequest request,
      short version, short errorCode) {
    List<AlterPartitionReassignmentsResponse.ReassignableTopicResponse> topics = new ArrayList<>();
    for (AlterPartitionReassignmentsRequest.ReassignableTopic topic : request.topics()) {
      topics.add(new AlterPartitionReassignmentsResponseBuilder.ReassignableTopicResponseBuilder().name(topic.name())
          .partitions(topic.partitions().stream().map(p -> new AlterPartitionReassignmentsResponseBuilder
              .ReassignablePartitionResponseBuilder().partitionIndex(p.partitionIndex()).errorCode(errorCode)
              .errorMessage(null).build()).toList())
          .build());
    }
    return new AlterPartitionReassignmentsResponseBuilder().errorCode(errorCode).errorMessage(null).responses(topics)
        .build();
  }

  /** The code at the top; each named partition listed with no replicas. */
  static ListPartitionReassignmentsResponse listPartitionReassignments(ListPartitionReassignmentsRequest request,
      short version, short errorCode) {
    List<ListPartitionReassignmentsResponse.OngoingTopicReassignment> topics = new ArrayList<>();
    if (request.topics() != null) {
      for (ListPartitionReassignmentsRequest.ListPartitionReassignmentsTopics topic : request.topics()) {
        topics.add(new ListPartitionReassignmentsResponseBuilder.OngoingTopicReassignmentBuilder().name(topic.name())
            .partitions(topic.partitionIndexes().stream().map(i -> new ListPartitionReassignmentsResponseBuilder
                .OngoingPartitionReassignmentBuilder().partitionIndex(i).build()).toList()).build());
      }
    }
    return new ListPartitionReassignmentsResponseBuilder().errorCode(errorCode).errorMessage(null).topics(topics)
        .build();
  }

  static AlterReplicaLogDirsResponse alterReplicaLogDirs(AlterReplicaLogDirsRequest request, short version,
      short errorCode) {
    List<AlterReplicaLogDirsResponse.AlterReplicaLogDirTopicResult> results = new ArrayList<>();
    for (AlterReplicaLogDirsRequest.AlterReplicaLogDir dir : request.dirs()) {
      for (AlterReplicaLogDirsRequest.AlterReplicaLogDirTopic topic : dir.topics()) {
        results.add(new AlterReplicaLogDirsResponseBuilder.AlterReplicaLogDirTopicResultBuilder()
            .topicName(topic.name()).partitions(topic.partitions().stream().map(i -> new AlterReplicaLogDirsResponseBuilder
                .AlterReplicaLogDirPartitionResultBuilder().partitionIndex(i).errorCode(errorCode).build()).toList())
            .build());
      }
    }
    return new AlterReplicaLogDirsResponseBuilder().results(results).build();
  }

  static AlterConfigsResponse alterConfigs(AlterConfigsRequest request, short version, short errorCode) {
    List<AlterConfigsResponse.AlterConfigsResourceResponse> responses = new ArrayList<>();
    for (AlterConfigsRequest.AlterConfigsResource r : request.resources()) {
      responses.add(new AlterConfigsResponseBuilder.AlterConfigsResourceResponseBuilder().errorCode(errorCode)
          .errorMessage(null).resourceType(r.resourceType()).resourceName(r.resourceName()).build());
    }
    return new AlterConfigsResponseBuilder().responses(responses).build();
  }
}
