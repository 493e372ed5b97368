package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.capture.CaptureFiles.Link;
import io.kwire.capture.CaptureSummary.ClientSummary;
import io.kwire.capture.CaptureSummary.RemovedUse;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsRequestCodec;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.ListOffsetsResponseCodec;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitRequestCodec;
import io.kwire.messages.OffsetCommitResponseBuilder;
import io.kwire.messages.OffsetCommitResponseCodec;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The per-client summary and the report of versions Kafka 4.0 removed, with exact values. */
class SummaryTest {
  private static final long START = 1_700_000_000_000_000_000L;

  /** A modern client (three exchanges, 20-byte segments) and an old one using ListOffsets v0 and OffsetCommit v1. */
  private static CaptureSummary summarise() {
    List<TestPacket> packets = new ArrayList<>(KafkaTraffic.conversation(KafkaTraffic.threeExchanges(1), true, 20)
        .packets);
    TcpConversation old = new TcpConversation("10.0.0.9", 40000, "10.0.0.2", 9092, START + 500_000_000L).handshake();
    old.client(KafkaTraffic.request(ListOffsetsRequestCodec.INSTANCE, 0, 1, new ListOffsetsRequestBuilder().topics(
        List.of(new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name("legacy").build())).build()), 1500)
        .broker(KafkaTraffic.response(ListOffsetsResponseCodec.INSTANCE, 0, 1, new ListOffsetsResponseBuilder()
            .build()), 1500);
    for (int i = 2; i <= 3; i++) {
      old.client(KafkaTraffic.request(OffsetCommitRequestCodec.INSTANCE, 1, i, new OffsetCommitRequestBuilder()
          .groupId("old-group").topics(List.of(new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder()
              .name("legacy").build())).build()), 1500)
          .broker(KafkaTraffic.response(OffsetCommitResponseCodec.INSTANCE, 1, i, new OffsetCommitResponseBuilder()
              .build()), 1500);
    }
    packets.addAll(old.fin().packets);
    Captures read = Captures.read(CaptureFiles.pcap(packets, Link.ETHERNET, ByteOrder.BIG_ENDIAN, false));
    CaptureSummary summary = new CaptureSummary();
    read.exchanges().forEach(summary::add);
    return summary;
  }

  @Test
  void oneLinePerClientWithExactCounts() {
    List<ClientSummary> clients = summarise().clients();
    assertEquals(2, clients.size());
    ClientSummary modern = clients.get(0);
    assertEquals(new ClientKey("test-client", "10.0.0.1"), modern.client());
    assertEquals(new TreeSet<>(Set.of("kwire-test 1.2.3")), modern.software());
    assertEquals(new TreeMap<>(Map.of("ApiVersions", new TreeSet<>(Set.of((short) 3)), "Metadata",
        new TreeSet<>(Set.of((short) 12)), "FindCoordinator", new TreeSet<>(Set.of((short) 3)))), modern.apis());
    assertEquals(new TreeSet<>(Set.of("orders")), modern.topics());
    assertEquals(new TreeSet<>(Set.of("group-a")), modern.groups());
    assertEquals(3, modern.requests());
    assertEquals(0, modern.unanswered());
    List<KafkaTraffic.FramePair> pairs = KafkaTraffic.threeExchanges(1);
    assertEquals(pairs.stream().mapToLong(p -> p.request().length).sum(), modern.requestBytes());
    assertEquals(pairs.stream().mapToLong(p -> p.response().length).sum(), modern.responseBytes());
    // responses of 23, 53 and 26 bytes in 20-byte segments 1 ms apart: latencies of 2, 3 and 2 ms
    assertEquals(List.of(23, 53, 26), pairs.stream().map(p -> p.response().length).toList());
    assertEquals(Duration.ofMillis(2), modern.p50());
    assertEquals(Duration.ofMillis(3), modern.p99());
    // Metadata's topic errorCode 3, FindCoordinator's errorCode 15
    assertEquals(new TreeMap<>(Map.of((short) 3, 1L, (short) 15, 1L)), modern.errors());

    ClientSummary old = clients.get(1);
    assertEquals(new ClientKey("test-client", "10.0.0.9"), old.client());
    assertEquals(new TreeSet<>(), old.software());
    assertEquals(new TreeSet<>(Set.of("legacy")), old.topics());
    assertEquals(new TreeSet<>(Set.of("old-group")), old.groups());
    assertEquals(3, old.requests());
    assertEquals(Duration.ofMillis(1), old.p99());
  }

  @Test
  void everyUseOfAVersionKafka40RemovedWithTopicsAndFirstAndLastTime() {
    List<RemovedUse> removed = summarise().removedIn40();
    ClientKey old = new ClientKey("test-client", "10.0.0.9");
    // the old connection: 3 handshake packets, then request/response pairs one packet each, 1 ms apart
    Instant listOffsets = instant(START + 500_000_000L + 4_000_000L);
    Instant firstCommit = instant(START + 500_000_000L + 6_000_000L);
    Instant lastCommit = instant(START + 500_000_000L + 8_000_000L);
    assertEquals(List.of(
        new RemovedUse(old, "", "ListOffsets", (short) 2, (short) 0, (short) 1, new TreeSet<>(Set.of("legacy")),
            listOffsets, listOffsets, 1),
        new RemovedUse(old, "", "OffsetCommit", (short) 8, (short) 1, (short) 2, new TreeSet<>(Set.of("legacy")),
            firstCommit, lastCommit, 2)), removed);
  }

  private static Instant instant(long nanos) {
    return Instant.ofEpochSecond(nanos / 1_000_000_000L, nanos % 1_000_000_000L);
  }
}
