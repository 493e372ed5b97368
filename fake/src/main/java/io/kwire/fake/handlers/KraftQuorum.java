package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ClusterState;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * The KRaft quorum the fake passes for: one voter, the controller (node 0, as a combined
 * broker-and-controller node of a one-process cluster), with a static voter set (kraft.version 0,
 * which the fake's ApiVersions does not list), the other brokers observers. It has no metadata log:
 * its leader epoch is 1 and its log end offset and high watermark 1.
 */
final class KraftQuorum {
  static final String METADATA_TOPIC = "__cluster_metadata";
  static final int LEADER_EPOCH = 1;
  static final long END_OFFSET = 1;
  static final short INCONSISTENT_CLUSTER_ID = 104;

  private KraftQuorum() {}

  /** A node's log directory id, the same every time for a cluster and node. */
  static UUID directoryId(ClusterState cluster, int nodeId) {
    return UUID.nameUUIDFromBytes((cluster.clusterId() + "/" + nodeId).getBytes(StandardCharsets.UTF_8));
  }
}
