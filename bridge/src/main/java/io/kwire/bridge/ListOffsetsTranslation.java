package io.kwire.bridge;

import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.runtime.RequestHeader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ListOffsets v0 to v1: the same replica id, topics, partitions and timestamps; v1 answers one
 * offset where v0 answered a list of at most maxNumOffsets, so the answer becomes a list of that
 * one offset (empty when there is none, -1, or when maxNumOffsets is 0). Latest (-1) and earliest
 * (-2), which is what consumers ask, mean the same in both. For a real timestamp, v0 answered
 * the base offsets of segments last modified before it and v1 answers the first offset whose
 * timestamp is at or after it: the bridge gives v1's answer, and says so in its notes.
 */
final class ListOffsetsTranslation implements ApiTranslation {
  @Override
  public short apiKey() {
    return ListOffsetsRequestCodec.API_KEY;
  }

  @Override
  public short lastTranslatedVersion() {
    return 0;
  }

  /** Version 2 adds the isolation level, which v0 cannot state. */
  @Override
  public short maxUpstreamVersion() {
    return 1;
  }

  @Override
  public RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion) {
    ListOffsetsRequest list = (ListOffsetsRequest) request;
    List<String> notes = new ArrayList<>();
    Map<String, Map<Integer, Integer>> maxNumOffsets = new HashMap<>();
    List<ListOffsetsRequest.ListOffsetsTopic> topics = new ArrayList<>();
    for (ListOffsetsRequest.ListOffsetsTopic t : list.topics()) {
      List<ListOffsetsRequest.ListOffsetsPartition> partitions = new ArrayList<>();
      for (ListOffsetsRequest.ListOffsetsPartition p : t.partitions()) {
        maxNumOffsets.computeIfAbsent(t.name(), k -> new HashMap<>()).put(p.partitionIndex(), p.maxNumOffsets());
        if (p.timestamp() >= 0) {
          notes.add(t.name() + "-" + p.partitionIndex() + ": timestamp " + p.timestamp()
              + " answered as v1 does (first offset with a timestamp at or after it), not by segment");
        }
        if (p.maxNumOffsets() > 1) {
          notes.add(t.name() + "-" + p.partitionIndex() + ": at most one offset of the " + p.maxNumOffsets() + " asked");
        }
        partitions.add(new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder(p).maxNumOffsets(1).build());
      }
      topics.add(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder(t).partitions(partitions).build());
    }
    ListOffsetsRequest upstream = new ListOffsetsRequestBuilder(list).topics(topics).build();
    return new RequestTranslation.Translated(client, upstreamVersion, upstream, true, notes,
        response -> ResponseTranslation.of(back((ListOffsetsResponse) response, maxNumOffsets)));
  }

  private static ListOffsetsResponse back(ListOffsetsResponse response, Map<String, Map<Integer, Integer>> maxNumOffsets) {
    List<ListOffsetsResponse.ListOffsetsTopicResponse> topics = new ArrayList<>();
    for (ListOffsetsResponse.ListOffsetsTopicResponse t : response.topics()) {
      List<ListOffsetsResponse.ListOffsetsPartitionResponse> partitions = new ArrayList<>();
      for (ListOffsetsResponse.ListOffsetsPartitionResponse p : t.partitions()) {
        int max = maxNumOffsets.getOrDefault(t.name(), Map.of()).getOrDefault(p.partitionIndex(), 1);
        List<Long> offsets = p.offset() >= 0 && max > 0 ? List.of(p.offset()) : List.of();
        partitions.add(new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder(p)
            .oldStyleOffsets(offsets).timestamp(-1L).offset(-1L).leaderEpoch(-1).build());
      }
      topics.add(new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder(t).partitions(partitions).build());
    }
    return new ListOffsetsResponseBuilder(response).topics(topics).build();
  }
}
