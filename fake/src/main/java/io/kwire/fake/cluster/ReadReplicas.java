package io.kwire.fake.cluster;

/**
 * The preferred read replica a partition's leader names to a consumer (KIP-392), as Kafka's
 * {@code RackAwareReplicaSelector} chooses it when a broker sets {@code replica.selector.class}
 * (off by default, as in Kafka): a client that names its rack ({@code client.rack}) is sent to an
 * in-sync replica on a running broker in that rack, the leader itself when it is there (then no
 * redirection), otherwise the first such replica in replica order (the fake's replicas are equally
 * caught up, where Kafka takes the one with the highest log end offset); no rack, or none matching:
 * the leader.
 */
public final class ReadReplicas {
  private ReadReplicas() {}

  /** The replica to name in the leader's answer, or -1 for none (the leader serves the fetch itself). */
  public static int preferred(ClusterState cluster, Partition partition, String clientRack) {
    if (!cluster.rackAwareReplicaSelector() || clientRack == null || clientRack.isEmpty()) {
      return -1;
    }
    if (clientRack.equals(rackOf(cluster, partition.leaderId()))) {
      return -1;
    }
    for (int replica : partition.isr()) {
      if (replica != partition.leaderId() && cluster.running(replica) && clientRack.equals(rackOf(cluster, replica))) {
        return replica;
      }
    }
    return -1;
  }

  private static String rackOf(ClusterState cluster, int nodeId) {
    BrokerNode node = cluster.broker(nodeId);
    return node == null ? null : node.rack();
  }
}
