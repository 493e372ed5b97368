package io.kwire.bridge;

import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.runtime.RequestHeader;
import java.util.ArrayList;
import java.util.List;

/**
 * OffsetCommit v0-1 to v2: the same group, generation and member (v0: -1 and "", a commit outside
 * group membership, as v0 was), topics, partitions, offsets and metadata; retention -1 (the
 * broker's default). v1's per-partition commit timestamp, which only set when the offset expires,
 * has no place in v2: it is dropped, and said so in the notes. On old brokers v0 commits went to
 * ZooKeeper; a 4.x broker keeps all offsets in its offsets topic, where OffsetFetch v0 (bridged to
 * v1) reads them back. The response has the same fields.
 */
final class OffsetCommitTranslation implements ApiTranslation {
  @Override
  public short apiKey() {
    return OffsetCommitRequestCodec.API_KEY;
  }

  @Override
  public short lastTranslatedVersion() {
    return 1;
  }

  /** Version 5 drops the retention time v2-4 carry; v2 is all a bridged commit needs. */
  @Override
  public short maxUpstreamVersion() {
    return 4;
  }

  @Override
  public RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion) {
    OffsetCommitRequest commit = (OffsetCommitRequest) request;
    List<String> notes = new ArrayList<>();
    List<OffsetCommitRequest.OffsetCommitRequestTopic> topics = new ArrayList<>();
    for (OffsetCommitRequest.OffsetCommitRequestTopic t : commit.topics()) {
      List<OffsetCommitRequest.OffsetCommitRequestPartition> partitions = new ArrayList<>();
      for (OffsetCommitRequest.OffsetCommitRequestPartition p : t.partitions()) {
        if (p.commitTimestamp() != -1L) {
          notes.add(t.name() + "-" + p.partitionIndex() + ": commit timestamp " + p.commitTimestamp()
              + " dropped (v2+ cannot carry it; the offset expires by the broker's retention)");
        }
        partitions.add(new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder(p).commitTimestamp(-1L).build());
      }
      topics.add(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder(t).partitions(partitions).build());
    }
    OffsetCommitRequest upstream = new OffsetCommitRequestBuilder(commit)
        .retentionTimeMs(-1L)
        .topics(topics)
        .build();
    return new RequestTranslation.Translated(client, upstreamVersion, upstream, true, notes, ResponseTranslation::of);
  }
}
