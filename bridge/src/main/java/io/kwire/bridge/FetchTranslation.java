package io.kwire.bridge;

import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.KwireException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fetch v0-3 to the broker's lowest version (4 on 4.x): the same replica id, wait, sizes, topics
 * and partitions (fetch offset and partition max bytes), with response max bytes unlimited before
 * v3 (v0-2 had none) and isolation level READ_COMMITTED: an old consumer cannot see transaction
 * markers or aborted records, and read committed is what it can safely be served (no aborted
 * records, no control batches; data stops at the last stable offset). The response's records are
 * down-converted ({@link FetchDownConverter}) to magic 0 (v0-1) or 1 (v2-3) within the client's
 * limits ({@link FetchSizeLimits}); the last stable offset and aborted transactions, which the
 * old versions lack, are dropped.
 */
final class FetchTranslation implements ApiTranslation {
  static final byte READ_COMMITTED = 1;
  /** How many more upstream fetches one client fetch may cause when answers are filtered out entirely. */
  static final int FETCH_AGAIN_LIMIT = 8;

  @Override
  public short apiKey() {
    return FetchRequestCodec.API_KEY;
  }

  @Override
  public short lastTranslatedVersion() {
    return 3;
  }

  /** Version 13 names topics by id. */
  @Override
  public short maxUpstreamVersion() {
    return 12;
  }

  @Override
  public RequestTranslation translate(RequestHeader client, Object request, short upstreamVersion) {
    FetchRequest fetch = (FetchRequest) request;
    short version = client.requestApiVersion();
    FetchRequest upstream = new FetchRequestBuilder(fetch)
        .maxBytes(version >= 3 ? fetch.maxBytes() : Integer.MAX_VALUE)
        .isolationLevel(READ_COMMITTED)
        .build();
    return translated(client, upstreamVersion, upstream, version, fetch.maxBytes(), FETCH_AGAIN_LIMIT, List.of());
  }

  private static RequestTranslation.Translated translated(RequestHeader client, short upstreamVersion,
      FetchRequest upstream, short version, int maxBytes, int fetchesLeft, List<String> notes) {
    Map<String, Map<Integer, FetchRequest.FetchPartition>> asked = new HashMap<>();
    for (FetchRequest.FetchTopic t : upstream.topics()) {
      for (FetchRequest.FetchPartition p : t.partitions()) {
        asked.computeIfAbsent(t.topic(), k -> new HashMap<>()).put(p.partition(), p);
      }
    }
    return new RequestTranslation.Translated(client, upstreamVersion, upstream, true, notes,
        response -> back(client, upstreamVersion, upstream, (FetchResponse) response, version, maxBytes, asked,
            fetchesLeft));
  }

  private static ResponseTranslation back(RequestHeader client, short upstreamVersion, FetchRequest upstream,
      FetchResponse response, short version, int maxBytes, Map<String, Map<Integer, FetchRequest.FetchPartition>> asked,
      int fetchesLeft) {
    byte magic = (byte) (version <= 1 ? 0 : 1);
    FetchSizeLimits limits = new FetchSizeLimits(version, maxBytes);
    List<String> notes = new ArrayList<>();
    Map<String, Map<Integer, Long>> filteredOut = new HashMap<>();
    boolean anyRecords = false;
    List<FetchResponse.FetchableTopicResponse> topics = new ArrayList<>();
    for (FetchResponse.FetchableTopicResponse t : response.responses()) {
      List<FetchResponse.PartitionData> partitions = new ArrayList<>();
      for (FetchResponse.PartitionData p : t.partitions()) {
        FetchRequest.FetchPartition req = asked.getOrDefault(t.topic(), Map.of()).get(p.partitionIndex());
        long[] next = {-1};
        FetchResponse.PartitionData converted = partition(t.topic(), p, req, magic, limits, notes, next);
        anyRecords |= converted.records().sizeInBytes() > 0;
        if (converted.errorCode() == KafkaErrors.NONE && req != null && next[0] > req.fetchOffset()
            && converted.records().sizeInBytes() == 0) {
          filteredOut.computeIfAbsent(t.topic(), k -> new HashMap<>()).put(p.partitionIndex(), next[0]);
        }
        partitions.add(converted);
      }
      topics.add(new FetchResponseBuilder.FetchableTopicResponseBuilder(t).partitions(partitions).build());
    }
    FetchResponse out = new FetchResponseBuilder(response).responses(topics).build();
    if (anyRecords || filteredOut.isEmpty() || fetchesLeft == 0) {
      return new ResponseTranslation(out, notes);
    }
    // Nothing for the client, and data was filtered out: it would ask for the same offsets again
    // and get the same. Fetch on from after the filtered data instead (records keep their offsets,
    // and an old consumer accepts a first offset above the one it asked for, as after compaction).
    notes.add("whole answer filtered out; fetching again from " + filteredOut);
    FetchRequest again = new FetchRequestBuilder(upstream).topics(upstream.topics().stream()
        .map(t -> new FetchRequestBuilder.FetchTopicBuilder(t).partitions(t.partitions().stream()
            .map(p -> {
              Long from = filteredOut.getOrDefault(t.topic(), Map.of()).get(p.partition());
              return from == null ? p : new FetchRequestBuilder.FetchPartitionBuilder(p).fetchOffset(from).build();
            }).toList()).build())
        .toList()).build();
    return new ResponseTranslation(out, notes,
        translated(client, upstreamVersion, again, version, maxBytes, fetchesLeft - 1, List.of()));
  }

  private static FetchResponse.PartitionData partition(String topic, FetchResponse.PartitionData p,
      FetchRequest.FetchPartition req, byte magic, FetchSizeLimits limits, List<String> notes, long[] next) {
    FetchResponseBuilder.PartitionDataBuilder out = new FetchResponseBuilder.PartitionDataBuilder(p)
        .lastStableOffset(-1L)
        .logStartOffset(-1L)
        .abortedTransactions(null);
    Records records = p.records();
    if (p.errorCode() != KafkaErrors.NONE || records == null || records.sizeInBytes() == 0 || req == null) {
      return out.records(Records.EMPTY).build(); // never a v2 batch to an old client
    }
    String where = topic + "-" + p.partitionIndex();
    FetchDownConverter.Result converted;
    try {
      converted = FetchDownConverter.convert(records, magic, req.fetchOffset(), p.abortedTransactions());
    } catch (UnconvertibleRecordsException e) {
      notes.add(where + ": UNSUPPORTED_COMPRESSION_TYPE, " + e.getMessage());
      return out.errorCode(KafkaErrors.UNSUPPORTED_COMPRESSION_TYPE).records(Records.EMPTY).build();
    } catch (KwireException | IllegalStateException e) {
      notes.add(where + ": CORRUPT_MESSAGE, " + e.getMessage());
      return out.errorCode(KafkaErrors.CORRUPT_MESSAGE).records(Records.EMPTY).build();
    }
    next[0] = converted.nextOffset();
    Records taken = limits.take(converted.records(), converted.entryEnds(), req.partitionMaxBytes());
    if (converted.headersDropped() > 0) {
      notes.add(where + ": " + converted.headersDropped() + " record header(s) dropped (magic " + magic + " has none)");
    }
    if (converted.controlBatches() > 0) {
      notes.add(where + ": " + converted.controlBatches() + " control batch(es) removed");
    }
    if (converted.abortedBatches() > 0) {
      notes.add(where + ": " + converted.abortedBatches() + " aborted transactional batch(es) removed");
    }
    if (FetchSizeLimits.partial(taken, converted.entryEnds())) {
      notes.add(where + ": first message larger than the client's limit; " + taken.sizeInBytes()
          + " bytes of it returned, as an old broker did");
    }
    return out.records(taken).build();
  }
}
