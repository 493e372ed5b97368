package io.kwire.bridge;

import io.kwire.messages.AlterPartitionRequestCodec;
import io.kwire.messages.AlterReplicaLogDirsRequestCodec;
import io.kwire.messages.CreateAclsRequestCodec;
import io.kwire.messages.CreateDelegationTokenRequestCodec;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.DeleteAclsRequestCodec;
import io.kwire.messages.DeleteTopicsRequestCodec;
import io.kwire.messages.DescribeAclsRequestCodec;
import io.kwire.messages.DescribeConfigsRequestCodec;
import io.kwire.messages.DescribeDelegationTokenRequestCodec;
import io.kwire.messages.DescribeLogDirsRequestCodec;
import io.kwire.messages.ExpireDelegationTokenRequestCodec;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.OffsetFetchRequestCodec;
import io.kwire.messages.OffsetForLeaderEpochRequestCodec;
import io.kwire.messages.ProduceRequestCodec;
import io.kwire.messages.RenewDelegationTokenRequestCodec;
import io.kwire.messages.WriteTxnMarkersRequestCodec;
import java.util.Map;

/**
 * The first version of each API that Kafka 4.0 still accepts, where KIP-896 removed older ones
 * (the difference between the 3.9.1 and 4.4.0 specs, {@code tools/spec-converter/DIFFERENCES.md}).
 * Needed because a 4.x broker advertises Produce from version 0 (so that old librdkafka builds
 * keep connecting) while refusing versions 0-2: the advertised minimum cannot be trusted there.
 */
final class Kip896 {
  private static final Map<Short, Short> FIRST_KEPT = Map.ofEntries(
      Map.entry(ProduceRequestCodec.API_KEY, (short) 3),
      Map.entry(FetchRequestCodec.API_KEY, (short) 4),
      Map.entry(ListOffsetsRequestCodec.API_KEY, (short) 1),
      Map.entry(OffsetCommitRequestCodec.API_KEY, (short) 2),
      Map.entry(OffsetFetchRequestCodec.API_KEY, (short) 1),
      Map.entry(CreateTopicsRequestCodec.API_KEY, (short) 2),
      Map.entry(DeleteTopicsRequestCodec.API_KEY, (short) 1),
      Map.entry(OffsetForLeaderEpochRequestCodec.API_KEY, (short) 2),
      Map.entry(WriteTxnMarkersRequestCodec.API_KEY, (short) 1),
      Map.entry(DescribeAclsRequestCodec.API_KEY, (short) 1),
      Map.entry(CreateAclsRequestCodec.API_KEY, (short) 1),
      Map.entry(DeleteAclsRequestCodec.API_KEY, (short) 1),
      Map.entry(DescribeConfigsRequestCodec.API_KEY, (short) 1),
      Map.entry(AlterReplicaLogDirsRequestCodec.API_KEY, (short) 1),
      Map.entry(DescribeLogDirsRequestCodec.API_KEY, (short) 1),
      Map.entry(CreateDelegationTokenRequestCodec.API_KEY, (short) 1),
      Map.entry(RenewDelegationTokenRequestCodec.API_KEY, (short) 1),
      Map.entry(ExpireDelegationTokenRequestCodec.API_KEY, (short) 1),
      Map.entry(DescribeDelegationTokenRequestCodec.API_KEY, (short) 1),
      Map.entry(AlterPartitionRequestCodec.API_KEY, (short) 2));

  /** Fetch's first kept version: a broker whose Fetch starts there (or later) applies KIP-896. */
  static final short FETCH_FIRST_KEPT = 4;

  private Kip896() {}

  /** The first version a KIP-896 broker accepts for {@code apiKey}, 0 when none was removed. */
  static short firstKept(short apiKey) {
    return FIRST_KEPT.getOrDefault(apiKey, (short) 0);
  }
}
