package io.kwire.fake.handlers;

import io.kwire.fake.cluster.BrokerNode;
import io.kwire.fake.cluster.ClusterState;
import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.DescribeQuorumRequest;
import io.kwire.messages.DescribeQuorumResponse;
import io.kwire.messages.DescribeQuorumResponseBuilder;
import io.kwire.messages.DescribeQuorumResponseBuilder.ListenerBuilder;
import io.kwire.messages.DescribeQuorumResponseBuilder.NodeBuilder;
import io.kwire.messages.DescribeQuorumResponseBuilder.PartitionDataBuilder;
import io.kwire.messages.DescribeQuorumResponseBuilder.ReplicaStateBuilder;
import io.kwire.messages.DescribeQuorumResponseBuilder.TopicDataBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * DescribeQuorum (AdminClient.describeMetadataQuorum): the metadata partition's quorum as
 * {@link KraftQuorum} has it, the controller leading and the only voter, the other brokers
 * observers, every replica caught up now; v2 lists the voter's listener (its broker address, named
 * CONTROLLER). Any other partition than __cluster_metadata-0 is UNKNOWN_TOPIC_OR_PARTITION at the
 * top, as Kafka's raft client answers it.
 */
public final class DescribeQuorumHandler implements ApiHandler<DescribeQuorumRequest, DescribeQuorumResponse> {
  private final ClusterState cluster;

  public DescribeQuorumHandler(ClusterState cluster) {
    this.cluster = cluster;
  }

  @Override
  public CompletionStage<DescribeQuorumResponse> handle(DescribeQuorumRequest request, RequestContext context) {
    boolean metadataPartition = request.topics().size() == 1
        && KraftQuorum.METADATA_TOPIC.equals(request.topics().get(0).topicName())
        && request.topics().get(0).partitions().size() == 1
        && request.topics().get(0).partitions().get(0).partitionIndex() == 0;
    if (!metadataPartition) {
      return CompletableFuture.completedFuture(new DescribeQuorumResponseBuilder()
          .errorCode(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION).errorMessage(null).build());
    }
    long now = cluster.clock().nowMs();
    int version = context.apiVersion();
    int leader = cluster.controllerId();
    List<DescribeQuorumResponse.ReplicaState> voters = new ArrayList<>();
    List<DescribeQuorumResponse.ReplicaState> observers = new ArrayList<>();
    for (BrokerNode b : cluster.brokers()) {
      ReplicaStateBuilder state = new ReplicaStateBuilder().replicaId(b.nodeId()).logEndOffset(KraftQuorum.END_OFFSET);
      if (version >= 1) {
        state.lastFetchTimestamp(now).lastCaughtUpTimestamp(now);
      }
      if (version >= 2) {
        state.replicaDirectoryId(KraftQuorum.directoryId(cluster, b.nodeId()));
      }
      (b.nodeId() == leader ? voters : observers).add(state.build());
    }
    // Kafka's raft client fills both messages in with the name of the code (NONE) from v2
    String none = version >= 2 ? "NONE" : null;
    DescribeQuorumResponse.PartitionData partition = new PartitionDataBuilder().partitionIndex(0).errorMessage(none)
        .leaderId(leader).leaderEpoch(KraftQuorum.LEADER_EPOCH).highWatermark(KraftQuorum.END_OFFSET)
        .currentVoters(voters).observers(observers).build();
    BrokerNode controller = cluster.broker(leader);
    List<DescribeQuorumResponse.Node> nodes = controller == null || version < 2 ? List.of() : List.of(new NodeBuilder()
        .nodeId(leader).listeners(List.of(new ListenerBuilder().name("CONTROLLER").host(controller.host())
            .port(controller.port()).build())).build());
    return CompletableFuture.completedFuture(new DescribeQuorumResponseBuilder().errorMessage(none)
        .topics(List.of(new TopicDataBuilder().topicName(KraftQuorum.METADATA_TOPIC).partitions(List.of(partition))
            .build()))
        .nodes(nodes).build());
  }
}
