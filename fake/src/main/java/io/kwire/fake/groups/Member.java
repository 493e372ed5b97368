package io.kwire.fake.groups;

import io.kwire.fake.cluster.ClusterClock;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** A member of a classic group, with its pending join or sync and its session timer. */
final class Member {
  final String memberId;
  final Client client;
  int sessionTimeoutMs;
  int rebalanceTimeoutMs;
  List<Protocol> protocols;
  byte[] assignment = new byte[0];
  CompletableFuture<JoinOutcome> pendingJoin;
  CompletableFuture<SyncOutcome> pendingSync;
  ClusterClock.Timer session;

  Member(String memberId, Client client, int sessionTimeoutMs, int rebalanceTimeoutMs, List<Protocol> protocols) {
    this.memberId = memberId;
    this.client = client;
    this.sessionTimeoutMs = sessionTimeoutMs;
    this.rebalanceTimeoutMs = rebalanceTimeoutMs;
    this.protocols = protocols;
  }

  byte[] metadata(String protocol) {
    for (Protocol p : protocols) {
      if (p.name().equals(protocol)) {
        return p.metadata();
      }
    }
    return new byte[0];
  }

  boolean supports(String protocol) {
    return protocols.stream().anyMatch(p -> p.name().equals(protocol));
  }
}
