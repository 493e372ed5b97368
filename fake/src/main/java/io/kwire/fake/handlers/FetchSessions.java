package io.kwire.fake.handlers;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchResponseBuilder.FetchableTopicResponseBuilder;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * One broker's incremental fetch sessions (KIP-227). A full fetch at epoch 0 opens a session (its
 * id goes back in the response); an incremental fetch (the session's id, its next epoch) lists only
 * the partitions that changed and the topics to forget, and its response leaves out the partitions
 * with nothing new (no records, error, high watermark, last stable or log start offset change).
 * Epoch -1 closes the session and fetches sessionless. At most {@code slots} sessions are kept (as
 * Kafka's max.incremental.fetch.session.cache.slots, default 1,000); a new one evicts the least
 * recently used (Kafka weighs size and privilege too). Confined to the cluster thread.
 */
final class FetchSessions {
  static final int DEFAULT_SLOTS = 1_000;
  private static final int INITIAL_EPOCH = 0;
  private static final int FINAL_EPOCH = -1;

  /** A partition as the client names it: by name up to v12, by id from v13. */
  private record Key(String topic, UUID topicId, int partition) {
    static Key of(short version, String topic, UUID topicId, int partition) {
      return version >= 13 ? new Key(null, topicId, partition) : new Key(topic, null, partition);
    }
  }

  /** A session partition: what the client last asked for, and what it was last told. */
  private static final class Entry {
    final String topic;
    final UUID topicId;
    FetchRequest.FetchPartition request;
    long highWatermark = -1;
    long lastStableOffset = -1;
    long logStartOffset = -1;
    boolean told;

    Entry(String topic, UUID topicId, FetchRequest.FetchPartition request) {
      this.topic = topic;
      this.topicId = topicId;
      this.request = request;
    }
  }

  private static final class Session {
    final int id;
    int nextEpoch = 1;
    final Map<Key, Entry> partitions = new LinkedHashMap<>();

    Session(int id) {
      this.id = id;
    }
  }

  /**
   * What a request comes to: the full request to read (the session's every partition), and how to
   * turn the read's response into the one sent; or, when the session was refused, the error response.
   */
  static final class Resolved {
    final FetchRequest request;
    final FetchResponse refused;
    private final Session session;
    private final boolean incremental;
    private final short version;

    private Resolved(FetchRequest request, FetchResponse refused, Session session, boolean incremental,
        short version) {
      this.version = version;
      this.request = request;
      this.refused = refused;
      this.session = session;
      this.incremental = incremental;
    }

    /** The response to send: the session id set, and (incremental) the unchanged partitions left out. */
    FetchResponse respond(FetchResponse read) {
      if (session == null) {
        return read;
      }
      List<FetchResponse.FetchableTopicResponse> topics = new ArrayList<>();
      // read() answers the request's topics in order, each with its partitions in order.
      for (int i = 0; i < read.responses().size(); i++) {
        FetchRequest.FetchTopic asked = request.topics().get(i);
        FetchResponse.FetchableTopicResponse answered = read.responses().get(i);
        List<FetchResponse.PartitionData> kept = new ArrayList<>();
        for (FetchResponse.PartitionData p : answered.partitions()) {
          Entry entry = session.partitions.get(Key.of(version, asked.topic(), asked.topicId(),
              p.partitionIndex()));
          boolean changed = entry == null || !entry.told || p.records().sizeInBytes() > 0
              || p.errorCode() != ErrorCode.NONE || p.highWatermark() != entry.highWatermark
              || p.lastStableOffset() != entry.lastStableOffset || p.logStartOffset() != entry.logStartOffset;
          if (entry != null) {
            entry.told = true;
            entry.highWatermark = p.highWatermark();
            entry.lastStableOffset = p.lastStableOffset();
            entry.logStartOffset = p.logStartOffset();
          }
          if (changed || !incremental) {
            kept.add(p);
          }
        }
        if (!kept.isEmpty()) {
          topics.add(new FetchableTopicResponseBuilder(answered).partitions(kept).build());
        }
      }
      return new FetchResponseBuilder(read).sessionId(session.id).responses(topics).build();
    }
  }

  private final int slots;
  // Access order: the first session is the least recently used.
  private final LinkedHashMap<Integer, Session> sessions = new LinkedHashMap<>(16, 0.75f, true);
  private int lastId;

  FetchSessions(int slots) {
    this.slots = slots;
  }

  int size() {
    return sessions.size();
  }

  Resolved resolve(FetchRequest request, short version) {
    if (version < 7) {
      return new Resolved(request, null, null, false, version);
    }
    int epoch = request.sessionEpoch();
    if (epoch == FINAL_EPOCH || epoch == INITIAL_EPOCH) {
      if (request.sessionId() != 0) {
        sessions.remove(request.sessionId());
      }
      if (epoch == FINAL_EPOCH || slots == 0) {
        return new Resolved(request, null, null, false, version);
      }
      Session session = open();
      update(session, request, version);
      return new Resolved(request, null, session, false, version);
    }
    Session session = sessions.get(request.sessionId());
    if (session == null) {
      return refused(request, ErrorCode.FETCH_SESSION_ID_NOT_FOUND, version);
    }
    if (epoch != session.nextEpoch) {
      return refused(request, ErrorCode.INVALID_FETCH_SESSION_EPOCH, version);
    }
    session.nextEpoch = epoch == Integer.MAX_VALUE ? 1 : epoch + 1;
    update(session, request, version);
    return new Resolved(full(request, session), null, session, true, version);
  }

  private Session open() {
    if (sessions.size() >= slots) {
      Iterator<Integer> oldest = sessions.keySet().iterator();
      oldest.next();
      oldest.remove();
    }
    do {
      lastId = lastId == Integer.MAX_VALUE ? 1 : lastId + 1;
    } while (sessions.containsKey(lastId));
    Session session = new Session(lastId);
    sessions.put(session.id, session);
    return session;
  }

  private static void update(Session session, FetchRequest request, short version) {
    for (FetchRequest.FetchTopic t : request.topics()) {
      for (FetchRequest.FetchPartition p : t.partitions()) {
        Key key = Key.of(version, t.topic(), t.topicId(), p.partition());
        Entry entry = session.partitions.get(key);
        if (entry == null) {
          session.partitions.put(key, new Entry(t.topic(), t.topicId(), p));
        } else {
          entry.request = p;
        }
      }
    }
    // A request built in code (not decoded) may leave the list out.
    List<FetchRequest.ForgottenTopic> forgotten = request.forgottenTopicsData();
    for (FetchRequest.ForgottenTopic t : forgotten == null ? List.<FetchRequest.ForgottenTopic>of() : forgotten) {
      for (int p : t.partitions()) {
        session.partitions.remove(Key.of(version, t.topic(), t.topicId(), p));
      }
    }
  }

  /** The request with the session's every partition, grouped by topic in the session's order. */
  private static FetchRequest full(FetchRequest request, Session session) {
    Map<Key, List<Entry>> byTopic = new LinkedHashMap<>();
    session.partitions.forEach((key, entry) -> byTopic.computeIfAbsent(new Key(key.topic(), key.topicId(), 0),
        k -> new ArrayList<>()).add(entry));
    List<FetchRequest.FetchTopic> topics = new ArrayList<>();
    byTopic.values().forEach(entries -> {
      List<FetchRequest.FetchPartition> partitions = new ArrayList<>();
      entries.forEach(e -> partitions.add(e.request));
      topics.add(new FetchTopicBuilder().topic(entries.get(0).topic).topicId(entries.get(0).topicId)
          .partitions(partitions).build());
    });
    return new FetchRequestBuilder(request).topics(topics).forgottenTopicsData(List.of()).build();
  }

  private static Resolved refused(FetchRequest request, short error, short version) {
    return new Resolved(request, new FetchResponseBuilder().errorCode(error).sessionId(0).responses(List.of())
        .nodeEndpoints(List.of()).build(), null, false, version);
  }
}
