package io.kwire.fake.groups;

import java.util.List;

/**
 * What a consumer group keeps of a member that speaks the classic protocol (JoinGroup, SyncGroup,
 * Heartbeat): its protocols as it offered them (the first is the one it is told was chosen) and its
 * timeouts.
 */
record ClassicMembership(List<Protocol> protocols, int sessionTimeoutMs, int rebalanceTimeoutMs) {
  String protocolName() {
    return protocols.get(0).name();
  }
}
