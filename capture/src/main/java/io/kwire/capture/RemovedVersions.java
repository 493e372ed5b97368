package io.kwire.capture;

import java.util.Map;

/**
 * The request versions Kafka 4.0 stopped accepting (KIP-896), as the difference between the 3.9.1
 * specs and the 4.x ones (kwire-messages covers both): for each API whose oldest versions went, the
 * first version 4.x still accepts; the four inter-broker APIs of ZooKeeper mode (LeaderAndIsr,
 * StopReplica, UpdateMetadata, ControlledShutdown) went whole. {@code RemovedVersionsTest} checks
 * this table against kafka-clients 4.4.0's {@code ApiKeys} and kwire-messages' version ranges.
 */
public final class RemovedVersions {
  /** Every version of the API is gone. */
  private static final short ALL = Short.MAX_VALUE;

  private static final Map<Short, Short> FIRST_KEPT = Map.ofEntries(
      Map.entry((short) 0, (short) 3), // Produce
      Map.entry((short) 1, (short) 4), // Fetch
      Map.entry((short) 2, (short) 1), // ListOffsets
      Map.entry((short) 4, ALL), // LeaderAndIsr
      Map.entry((short) 5, ALL), // StopReplica
      Map.entry((short) 6, ALL), // UpdateMetadata
      Map.entry((short) 7, ALL), // ControlledShutdown
      Map.entry((short) 8, (short) 2), // OffsetCommit
      Map.entry((short) 9, (short) 1), // OffsetFetch
      Map.entry((short) 19, (short) 2), // CreateTopics
      Map.entry((short) 20, (short) 1), // DeleteTopics
      Map.entry((short) 23, (short) 2), // OffsetForLeaderEpoch
      Map.entry((short) 27, (short) 1), // WriteTxnMarkers
      Map.entry((short) 29, (short) 1), // DescribeAcls
      Map.entry((short) 30, (short) 1), // CreateAcls
      Map.entry((short) 31, (short) 1), // DeleteAcls
      Map.entry((short) 32, (short) 1), // DescribeConfigs
      Map.entry((short) 34, (short) 1), // AlterReplicaLogDirs
      Map.entry((short) 35, (short) 1), // DescribeLogDirs
      Map.entry((short) 38, (short) 1), // CreateDelegationToken
      Map.entry((short) 39, (short) 1), // RenewDelegationToken
      Map.entry((short) 40, (short) 1), // ExpireDelegationToken
      Map.entry((short) 41, (short) 1), // DescribeDelegationToken
      Map.entry((short) 56, (short) 2)); // AlterPartition

  private RemovedVersions() {}

  /** Whether Kafka 4.0 and later refuse {@code version} of the request with {@code apiKey}. */
  public static boolean removedIn40(short apiKey, short version) {
    return version < FIRST_KEPT.getOrDefault(apiKey, (short) 0);
  }

  /** The first version 4.0 accepts; 0 when none was removed, {@link Short#MAX_VALUE} when the API went whole. */
  public static short firstKept(short apiKey) {
    return FIRST_KEPT.getOrDefault(apiKey, (short) 0);
  }
}
