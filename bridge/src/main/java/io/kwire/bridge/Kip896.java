package io.kwire.bridge;

import java.util.Map;

/**
 * The first version of each API that Kafka 4.0 still accepts, where KIP-896 removed older ones
 * (the difference between the 3.9.1 and 4.4.0 specs, {@code tools/spec-converter/DIFFERENCES.md}).
 * Needed because a 4.x broker advertises Produce from version 0 (so that old librdkafka builds
 * keep connecting) while refusing versions 0-2: the advertised minimum cannot be trusted there.
 */
final class Kip896 {
  private static final Map<Short, Short> FIRST_KEPT = Map.ofEntries(
      Map.entry((short) 0, (short) 3),   // Produce
      Map.entry((short) 1, (short) 4),   // Fetch
      Map.entry((short) 2, (short) 1),   // ListOffsets
      Map.entry((short) 8, (short) 2),   // OffsetCommit
      Map.entry((short) 9, (short) 1),   // OffsetFetch
      Map.entry((short) 19, (short) 2),  // CreateTopics
      Map.entry((short) 20, (short) 1),  // DeleteTopics
      Map.entry((short) 23, (short) 2),  // OffsetForLeaderEpoch
      Map.entry((short) 27, (short) 1),  // WriteTxnMarkers
      Map.entry((short) 29, (short) 1),  // DescribeAcls
      Map.entry((short) 30, (short) 1),  // CreateAcls
      Map.entry((short) 31, (short) 1),  // DeleteAcls
      Map.entry((short) 32, (short) 1),  // DescribeConfigs
      Map.entry((short) 34, (short) 1),  // AlterReplicaLogDirs
      Map.entry((short) 35, (short) 1),  // DescribeLogDirs
      Map.entry((short) 38, (short) 1),  // CreateDelegationToken
      Map.entry((short) 39, (short) 1),  // RenewDelegationToken
      Map.entry((short) 40, (short) 1),  // ExpireDelegationToken
      Map.entry((short) 41, (short) 1),  // DescribeDelegationToken
      Map.entry((short) 56, (short) 2)); // AlterPartition

  /** Fetch's first kept version: a broker whose Fetch starts there (or later) applies KIP-896. */
  static final short FETCH_FIRST_KEPT = 4;

  private Kip896() {}

  /** The first version a KIP-896 broker accepts for {@code apiKey}, 0 when none was removed. */
  static short firstKept(short apiKey) {
    return FIRST_KEPT.getOrDefault(apiKey, (short) 0);
  }
}
