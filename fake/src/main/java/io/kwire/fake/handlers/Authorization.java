package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.security.AclCodes;
import io.kwire.fake.security.Authorizer;
import io.kwire.fake.security.SecurityErrors;
import io.kwire.messages.AddOffsetsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AlterClientQuotasRequest;
import io.kwire.messages.AlterUserScramCredentialsRequest;
import io.kwire.messages.ConsumerGroupDescribeRequest;
import io.kwire.messages.ConsumerGroupHeartbeatRequest;
import io.kwire.messages.StreamsGroupHeartbeatRequest;
import io.kwire.messages.CreateAclsRequest;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.DeleteAclsRequest;
import io.kwire.messages.DeleteGroupsRequest;
import io.kwire.messages.DeleteRecordsRequest;
import io.kwire.messages.DeleteShareGroupStateRequest;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DescribeAclsRequest;
import io.kwire.messages.DescribeClientQuotasRequest;
import io.kwire.messages.DescribeClusterRequest;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseBuilder;
import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeTopicPartitionsRequest;
import io.kwire.messages.DescribeGroupsRequest;
import io.kwire.messages.DescribeUserScramCredentialsRequest;
import io.kwire.messages.EndTxnRequest;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FindCoordinatorRequest;
import io.kwire.messages.HeartbeatRequest;
import io.kwire.messages.IncrementalAlterConfigsRequest;
import io.kwire.messages.InitializeShareGroupStateRequest;
import io.kwire.messages.InitProducerIdRequest;
import io.kwire.messages.JoinGroupRequest;
import io.kwire.messages.LeaveGroupRequest;
import io.kwire.messages.ListGroupsRequest;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.MetadataRequest;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetDeleteRequest;
import io.kwire.messages.OffsetFetchRequest;
import io.kwire.messages.OffsetForLeaderEpochRequest;
import io.kwire.messages.ProduceRequest;
import io.kwire.messages.ReadShareGroupStateRequest;
import io.kwire.messages.ReadShareGroupStateSummaryRequest;
import io.kwire.messages.SyncGroupRequest;
import io.kwire.messages.TxnOffsetCommitRequest;
import io.kwire.messages.UnregisterControllerRequest;
import io.kwire.messages.WriteShareGroupStateRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ACL enforcement: each API's handler behind its {@link Gate}, which asks the {@link Authorizer}
 * about the connection's principal as Kafka's broker asks its authorizer. The one seam where
 * authorization happens: the handlers know nothing of it. APIs without a gate here are served to
 * every principal (see docs/fake.md for which).
 */
public final class Authorization {
  private Authorization() {}

  /** The APIs with their gates in front, deciding with {@code authorizer}. */
  public static List<FakeApi<?, ?>> enforce(List<FakeApi<?, ?>> apis, Authorizer authorizer, ClusterState cluster) {
    Map<Class<?>, Gate<?, ?>> gates = gates(cluster);
    List<FakeApi<?, ?>> out = new ArrayList<>();
    for (FakeApi<?, ?> api : apis) {
      Gate<?, ?> gate = gates.get(api.requestCodec().messageType());
      out.add(gate == null ? api : gated(api, gate, authorizer));
    }
    return List.copyOf(out);
  }

  @SuppressWarnings("unchecked")
  private static <Q, R> FakeApi<Q, R> gated(FakeApi<Q, R> api, Gate<?, ?> untyped, Authorizer authorizer) {
    Gate<Q, R> gate = (Gate<Q, R>) untyped;
    ApiHandler<Q, R> handler = api.handler();
    return new FakeApi<>(api.requestCodec(), api.responseCodec(), api.versions(),
        (request, context) -> gate.handle(request, context, new Access(authorizer, context), handler));
  }

  private static Map<Class<?>, Gate<?, ?>> gates(ClusterState cluster) {
    Map<Class<?>, Gate<?, ?>> gates = new HashMap<>();
    TopicGates topics = new TopicGates(cluster);
    gates.put(ProduceRequest.class, topics.produce());
    gates.put(FetchRequest.class, topics.fetch());
    gates.put(ListOffsetsRequest.class, topics.listOffsets());
    gates.put(MetadataRequest.class, topics.metadata());
    gates.put(DescribeTopicPartitionsRequest.class, topics.describeTopicPartitions());
    gates.put(CreateTopicsRequest.class, topics.createTopics());
    gates.put(DeleteTopicsRequest.class, topics.deleteTopics());
    gates.put(CreatePartitionsRequest.class, topics.createPartitions());
    gates.put(DeleteRecordsRequest.class, topics.deleteRecords());
    gates.put(OffsetForLeaderEpochRequest.class, topics.offsetForLeaderEpoch());
    gates.put(DescribeConfigsRequest.class, ConfigGates.describeConfigs());
    gates.put(IncrementalAlterConfigsRequest.class, ConfigGates.incrementalAlterConfigs());

    gates.put(JoinGroupRequest.class, GroupGates.onGroup(JoinGroupRequest::groupId, AclCodes.READ));
    gates.put(SyncGroupRequest.class, GroupGates.onGroup(SyncGroupRequest::groupId, AclCodes.READ));
    gates.put(HeartbeatRequest.class, GroupGates.onGroup(HeartbeatRequest::groupId, AclCodes.READ));
    gates.put(LeaveGroupRequest.class, GroupGates.onGroup(LeaveGroupRequest::groupId, AclCodes.READ));
    gates.put(ConsumerGroupHeartbeatRequest.class, GroupGates.consumerGroupHeartbeat());
    gates.put(StreamsGroupHeartbeatRequest.class, GroupGates.onGroup(StreamsGroupHeartbeatRequest::groupId,
        AclCodes.READ));
    gates.put(OffsetDeleteRequest.class, GroupGates.onGroup(OffsetDeleteRequest::groupId, AclCodes.DELETE));
    gates.put(OffsetCommitRequest.class, GroupGates.offsetCommit());
    gates.put(OffsetFetchRequest.class, GroupGates.offsetFetch(cluster));
    gates.put(FindCoordinatorRequest.class, GroupGates.findCoordinator());
    gates.put(DescribeGroupsRequest.class, GroupGates.describeGroups());
    gates.put(ConsumerGroupDescribeRequest.class, GroupGates.consumerGroupDescribe());
    gates.put(DeleteGroupsRequest.class, GroupGates.deleteGroups());
    gates.put(ListGroupsRequest.class, GroupGates.listGroups());

    gates.put(InitProducerIdRequest.class, GroupGates.initProducerId());
    gates.put(AddPartitionsToTxnRequest.class, GroupGates.addPartitionsToTxn());
    gates.put(AddOffsetsToTxnRequest.class, GroupGates.addOffsetsToTxn());
    gates.put(TxnOffsetCommitRequest.class, GroupGates.txnOffsetCommit());
    gates.put(EndTxnRequest.class, GroupGates.endTxn());

    gates.put(DescribeClusterRequest.class, describeCluster());
    gates.put(DescribeAclsRequest.class, onCluster(AclCodes.DESCRIBE));
    gates.put(CreateAclsRequest.class, onCluster(AclCodes.ALTER));
    gates.put(DeleteAclsRequest.class, onCluster(AclCodes.ALTER));
    gates.put(DescribeClientQuotasRequest.class, onCluster(AclCodes.DESCRIBE_CONFIGS));
    gates.put(AlterClientQuotasRequest.class, onCluster(AclCodes.ALTER_CONFIGS));
    gates.put(DescribeUserScramCredentialsRequest.class, onCluster(AclCodes.DESCRIBE));
    gates.put(AlterUserScramCredentialsRequest.class, onCluster(AclCodes.ALTER));
    // The share coordinator's APIs are for brokers (CLUSTER_ACTION), as Kafka gates them.
    gates.put(InitializeShareGroupStateRequest.class, onCluster(AclCodes.CLUSTER_ACTION));
    gates.put(ReadShareGroupStateRequest.class, onCluster(AclCodes.CLUSTER_ACTION));
    gates.put(WriteShareGroupStateRequest.class, onCluster(AclCodes.CLUSTER_ACTION));
    gates.put(DeleteShareGroupStateRequest.class, onCluster(AclCodes.CLUSTER_ACTION));
    gates.put(ReadShareGroupStateSummaryRequest.class, onCluster(AclCodes.CLUSTER_ACTION));
    gates.put(UnregisterControllerRequest.class, onCluster(AclCodes.ALTER));
    return gates;
  }

  /** The whole request refused (CLUSTER_AUTHORIZATION_FAILED) unless the principal may do it on the cluster. */
  private static <Q, R> Gate<Q, R> onCluster(byte operation) {
    return (request, context, access, next) -> access.mayOnCluster(operation) ? next.handle(request, context)
        : access.refuse(request, SecurityErrors.CLUSTER_AUTHORIZATION_FAILED);
  }

  private static Gate<DescribeClusterRequest, DescribeClusterResponse> describeCluster() {
    return (request, context, access, next) -> next.handle(request, context).thenApply(response ->
        !request.includeClusterAuthorizedOperations() || response.errorCode() != 0 ? response
            : new DescribeClusterResponseBuilder(response)
                .clusterAuthorizedOperations(access.operations(AclCodes.CLUSTER, AclCodes.CLUSTER_NAME)).build());
  }
}
