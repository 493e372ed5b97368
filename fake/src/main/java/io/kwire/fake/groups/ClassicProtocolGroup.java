package io.kwire.fake.groups;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * A group whose members may speak the classic protocol: a classic group, or a consumer group that
 * holds classic members (a group upgraded online, or one a classic "consumer" member joined), which
 * answers their SyncGroup, Heartbeat and LeaveGroup as Kafka 4.4's does.
 */
public sealed interface ClassicProtocolGroup extends Group permits ClassicGroup, ConsumerGroup {
  /** FENCED_INSTANCE_ID when {@code instanceId} is now held by another member id than {@code memberId}. */
  short checkInstance(String memberId, String instanceId);

  /** The member id a static member's instance id holds, or {@code memberId} when it holds none. */
  String memberOf(String instanceId, String memberId);

  /** A SyncGroup: the member's assignment (a classic group's leader brings every member's). */
  CompletableFuture<SyncOutcome> sync(String memberId, int generation, String protocolType, String protocolName,
      Map<String, byte[]> assignments);

  /** A Heartbeat: REBALANCE_IN_PROGRESS tells the member to rejoin. */
  short heartbeat(String memberId, int generation);

  /** A member leaving (LeaveGroup). */
  short leave(String memberId);
}
