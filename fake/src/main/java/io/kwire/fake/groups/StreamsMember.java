package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterClock;
import io.kwire.fake.groups.StreamsTasks.TaskId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A streams group member as the coordinator sees it (KIP-1071). Confined to the cluster thread. */
public final class StreamsMember {
  /** An Interactive Queries endpoint (application.server). */
  public record Endpoint(String host, int port) {}

  /** A task's changelog offset as the member reports it (TaskOffsets, TaskEndOffsets). */
  public record TaskOffset(String subtopologyId, int partition, long offset) {}

  final String memberId;
  final String clientId;
  final String clientHost;
  String instanceId;
  String rackId;
  String processId = "";
  Endpoint endpoint;
  Map<String, String> clientTags = Map.of();
  int topologyEpoch;
  int rebalanceTimeoutMs;
  int epoch;
  int previousEpoch = -1;
  StreamsTasks assigned = StreamsTasks.NONE;
  /** Active tasks given up but not yet reported released: no other member gets them meanwhile. */
  Set<TaskId> pendingRevocation = Set.of();
  /** The member epoch at which each of its active tasks was given to it: an older commit of the task is stale. */
  final Map<TaskId, Integer> assignedAtEpoch = new HashMap<>();
  List<TaskOffset> taskOffsets = List.of();
  List<TaskOffset> taskEndOffsets = List.of();
  boolean assignmentSent;
  ClusterClock.Timer sessionTimer;
  /** Fences the member if it has not revoked within its rebalance timeout. */
  ClusterClock.Timer revocationTimer;

  StreamsMember(String memberId, String clientId, String clientHost) {
    this.memberId = memberId;
    this.clientId = clientId;
    this.clientHost = clientHost;
  }

  public String memberId() {
    return memberId;
  }

  public String clientId() {
    return clientId;
  }

  public String clientHost() {
    return clientHost;
  }

  public String instanceId() {
    return instanceId;
  }

  public String rackId() {
    return rackId;
  }

  public String processId() {
    return processId;
  }

  public Endpoint endpoint() {
    return endpoint;
  }

  public Map<String, String> clientTags() {
    return clientTags;
  }

  public int topologyEpoch() {
    return topologyEpoch;
  }

  public int epoch() {
    return epoch;
  }

  /** What the member was last told it has. */
  public StreamsTasks assigned() {
    return assigned;
  }

  public Set<TaskId> pendingRevocation() {
    return pendingRevocation;
  }

  public List<TaskOffset> taskOffsets() {
    return taskOffsets;
  }

  public List<TaskOffset> taskEndOffsets() {
    return taskEndOffsets;
  }

  /** Whether it has the task active, or has not yet released it. */
  boolean holdsActive(TaskId task) {
    return assigned.active().contains(task) || pendingRevocation.contains(task);
  }
}
