package io.kwire.fake.handlers;

import static io.kwire.fake.handlers.TestBrokers.at;
import static io.kwire.fake.handlers.TestBrokers.batch;
import static io.kwire.fake.handlers.TestBrokers.now;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.fake.cluster.ErrorCode;
import io.kwire.fake.cluster.Topic;
import io.kwire.fake.cluster.TopicConfigs;
import io.kwire.messages.FetchRequest;
import io.kwire.messages.FetchRequestBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchPartitionBuilder;
import io.kwire.messages.FetchRequestBuilder.FetchTopicBuilder;
import io.kwire.messages.FetchRequestBuilder.ForgottenTopicBuilder;
import io.kwire.messages.FetchRequestCodec;
import io.kwire.messages.FetchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Incremental fetch sessions (KIP-227): a sequence of fetches and the partitions each response holds. */
class FetchSessionTest {
  private static final int BY_NAME = 12;
  private static final int BY_ID = 16;

  private final TestBrokers brokers = new TestBrokers(2);
  private final FetchHandler fetch = new FetchHandler(brokers.cluster, 2);
  private final ProduceHandler produce = new ProduceHandler(brokers.cluster, brokers.transactions);
  private final Topic topic = brokers.cluster.createTopic("s", 3, 1,
      List.of(List.of(0), List.of(0), List.of(0)), TopicConfigs.of(Map.of()));

  @Test
  void anIncrementalFetchListsOnlyWhatChangedAndIsAnsweredWithOnlyWhatChanged() {
    append(0, "a", "b");
    FetchResponse opened = send(BY_NAME, 0, 0, List.of(p(0, 0), p(1, 0), p(2, 0)), List.of());
    assertEquals(ErrorCode.NONE, opened.errorCode());
    assertNotEquals(0, opened.sessionId(), "epoch 0 opens a session");
    assertEquals(List.of("s-0", "s-1", "s-2"), partitions(opened), "a full response");
    int session = opened.sessionId();

    FetchResponse quiet = send(BY_NAME, session, 1, List.of(p(0, 2)), List.of());
    assertEquals(session, quiet.sessionId());
    assertEquals(List.of(), partitions(quiet), "nothing new anywhere");

    append(1, "c");
    FetchResponse one = send(BY_NAME, session, 2, List.of(), List.of());
    assertEquals(List.of("s-1"), partitions(one), "only the partition that got a record");
    assertEquals(1, one.responses().get(0).partitions().get(0).highWatermark());

    append(2, "d");
    append(0, "e");
    FetchResponse forgot = send(BY_NAME, session, 3, List.of(p(1, 1)), List.of(2));
    assertEquals(List.of("s-0"), partitions(forgot), "p2 forgotten, p1 has nothing past offset 1");
    assertTrue(forgot.responses().get(0).partitions().get(0).records().sizeInBytes() > 0);
  }

  @Test
  void aLongPollingIncrementalFetchIsAnsweredWithThePartitionThatGotRecords() {
    int session = send(BY_ID, 0, 0, List.of(p(0, 0), p(1, 0)), List.of()).sessionId();
    CompletableFuture<FetchResponse> waiting = fetch.handle(request(session, 1, 1, 500, List.of(), List.of()),
        at(0, BY_ID)).toCompletableFuture();
    assertFalse(waiting.isDone());
    append(1, "late");
    assertTrue(waiting.isDone());
    assertEquals(List.of("s-1"), partitions(waiting.join()));
  }

  @Test
  void unknownSessionsAndWrongEpochsAreRefusedAsKafkaRefusesThem() {
    int session = send(BY_ID, 0, 0, List.of(p(0, 0)), List.of()).sessionId();
    FetchResponse wrongEpoch = send(BY_ID, session, 5, List.of(), List.of());
    assertEquals(ErrorCode.INVALID_FETCH_SESSION_EPOCH, wrongEpoch.errorCode());
    assertEquals(0, wrongEpoch.sessionId());
    assertEquals(List.of(), wrongEpoch.responses());
    assertEquals(ErrorCode.NONE, send(BY_ID, session, 1, List.of(), List.of()).errorCode(), "the session survives");
    assertEquals(ErrorCode.FETCH_SESSION_ID_NOT_FOUND, send(BY_ID, session + 100, 1, List.of(), List.of()).errorCode());
    assertEquals(ErrorCode.FETCH_SESSION_ID_NOT_FOUND, now(fetch.handle(request(session, 2, 0, 0, List.of(),
        List.of()), at(1, BY_ID))).errorCode(), "another broker does not know the session");

    FetchResponse closed = send(BY_ID, session, -1, List.of(p(0, 0)), List.of());
    assertEquals(0, closed.sessionId(), "epoch -1 closes it and fetches sessionless");
    assertEquals(List.of("s-0"), partitions(closed));
    assertEquals(ErrorCode.FETCH_SESSION_ID_NOT_FOUND, send(BY_ID, session, 2, List.of(), List.of()).errorCode());
  }

  @Test
  void theCacheKeepsItsSlotsAndEvictsTheLeastRecentlyUsed() {
    int first = send(BY_ID, 0, 0, List.of(p(0, 0)), List.of()).sessionId();
    int second = send(BY_ID, 0, 0, List.of(p(1, 0)), List.of()).sessionId();
    assertEquals(ErrorCode.NONE, send(BY_ID, first, 1, List.of(), List.of()).errorCode(), "first used last");
    int third = send(BY_ID, 0, 0, List.of(p(2, 0)), List.of()).sessionId();
    assertEquals(3, List.of(first, second, third).stream().distinct().count());
    assertEquals(ErrorCode.FETCH_SESSION_ID_NOT_FOUND, send(BY_ID, second, 1, List.of(), List.of()).errorCode(),
        "two slots: the least recently used went");
    assertEquals(ErrorCode.NONE, send(BY_ID, first, 2, List.of(), List.of()).errorCode());
    assertEquals(ErrorCode.NONE, send(BY_ID, third, 1, List.of(), List.of()).errorCode());
  }

  @Test
  void beforeVersionSevenThereAreNoSessions() {
    FetchResponse r = now(fetch.handle(request(0, 0, 0, 0, List.of(p(0, 0)), List.of()), at(0, 6)));
    assertEquals(0, r.sessionId());
    assertEquals(List.of("s-0"), partitions(r));
  }

  /** Sends it through the codec at that version, as it would arrive. */
  private FetchResponse send(int version, int session, int epoch, List<FetchRequest.FetchPartition> partitions,
      List<Integer> forgotten) {
    FetchRequest request = request(session, epoch, 0, 0, partitions, forgotten);
    FetchRequest arrived = FetchRequestCodec.INSTANCE.decode(FetchRequestCodec.INSTANCE.encode(request,
        (short) version), (short) version);
    return now(fetch.handle(arrived, at(0, version)));
  }

  private FetchRequest request(int session, int epoch, int minBytes, int maxWaitMs,
      List<FetchRequest.FetchPartition> partitions, List<Integer> forgotten) {
    return new FetchRequestBuilder().maxWaitMs(maxWaitMs).minBytes(minBytes).sessionId(session).sessionEpoch(epoch)
        .topics(partitions.isEmpty() ? List.of() : List.of(new FetchTopicBuilder().topic("s").topicId(topic.id())
            .partitions(partitions).build()))
        .forgottenTopicsData(forgotten.isEmpty() ? List.of() : List.of(new ForgottenTopicBuilder().topic("s")
            .topicId(topic.id()).partitions(forgotten).build()))
        .build();
  }

  private static FetchRequest.FetchPartition p(int partition, long offset) {
    return new FetchPartitionBuilder().partition(partition).fetchOffset(offset).partitionMaxBytes(1 << 20).build();
  }

  private void append(int partition, String... values) {
    now(produce.handle(ProduceHandlerTest.request(-1, "s", partition, batch(1, values)), at(0, 9)));
  }

  /** "topic-partition" of every partition in the response, in order. */
  private List<String> partitions(FetchResponse response) {
    List<String> out = new ArrayList<>();
    for (FetchResponse.FetchableTopicResponse t : response.responses()) {
      String name = t.topic() != null && !t.topic().isEmpty() ? t.topic() : brokers.cluster.topic(t.topicId()).name();
      t.partitions().forEach(p -> out.add(name + "-" + p.partitionIndex()));
    }
    return out;
  }
}
