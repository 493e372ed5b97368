package io.kwire.tests.frames;

import static io.kwire.tests.frames.FrameAssertions.assertSameFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.FetchResponse;
import io.kwire.messages.FetchResponseBuilder.AbortedTransactionBuilder;
import io.kwire.messages.FetchResponseBuilder.EpochEndOffsetBuilder;
import io.kwire.messages.FetchResponseBuilder.FetchableTopicResponseBuilder;
import io.kwire.messages.FetchResponseBuilder.LeaderIdAndEpochBuilder;
import io.kwire.messages.FetchResponseBuilder.NodeEndpointBuilder;
import io.kwire.messages.FetchResponseBuilder.PartitionDataBuilder;
import io.kwire.messages.FetchResponseBuilder.SnapshotIdBuilder;
import io.kwire.messages.FetchResponseBuilder;
import io.kwire.messages.FetchResponseCodec;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.generated.WireDefaults;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.ControlRecords;
import io.kwire.runtime.records.KafkaRecord;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.RecordBatch;
import io.kwire.runtime.records.RecordCursor;
import io.kwire.runtime.records.Records;
import io.kwire.runtime.wire.KwireProtocolException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.FetchResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Fetch response frames as a broker sends them: several partitions, each several batches back to
 * back, some ending in a truncated batch, a transaction aborted by a control batch. kwire's frame
 * is byte for byte Kafka's, reads back as an equal response, and its records are read in place.
 */
class FetchResponseFramesTest {
  private static final ReadOptions BROKER_OUTPUT = ReadOptions.DEFAULT.withSkipPartialTrailingBatch(true);
  private static final UUID ORDERS_ID = new UUID(0x0123456789abcdefL, 0x1122334455667788L);
  private static final UUID AUDIT_ID = new UUID(0x7edcba9876543210L, 0x0f0e0d0c0b0a0908L);
  private static final long PRODUCER_ID = 77L;
  private static final short PRODUCER_EPOCH = 3;

  record Aborted(long producerId, long firstOffset) {}

  record Epoch(int epoch, long endOffset) {}

  record Leader(int leaderId, int leaderEpoch) {}

  record Snapshot(long endOffset, int epoch) {}

  /** One partition; null tagged values stay at their defaults, null aborted/records are null on the wire. */
  record Partition(int index, short errorCode, long highWatermark, long lastStableOffset, long logStartOffset,
      List<Aborted> aborted, int preferredReadReplica, Epoch divergingEpoch, Leader currentLeader,
      Snapshot snapshotId, Records records, List<ReadRecord> expected) {}

  record Topic(String name, UUID id, List<Partition> partitions) {}

  static Stream<Arguments> versionsAndCodecs() {
    List<Arguments> out = new ArrayList<>();
    for (short v = FetchResponseData.LOWEST_SUPPORTED_VERSION; v <= FetchResponseData.HIGHEST_SUPPORTED_VERSION; v++) {
      for (Compression c : Compression.values()) {
        out.add(Arguments.of(v, c));
      }
    }
    return out.stream();
  }

  private static List<Topic> brokerOutput(Compression codec, long seed) {
    // Uncompressed only, so that every record can be checked to be read in place.
    PartitionRecords plain = new PartitionRecords(100)
        .batch(Compression.NONE, SampleRecord.random(seed, 5))
        .batch(b -> b.partitionLeaderEpoch(7), SampleRecord.random(seed + 1, 4))
        .truncatedBatch(Compression.NONE, SampleRecord.random(seed + 2, 6));
    PartitionRecords mixed = new PartitionRecords(0)
        .batch(codec, SampleRecord.random(seed + 3, 6))
        .batch(Compression.NONE, SampleRecord.random(seed + 4, 2))
        .truncatedBatch(codec, SampleRecord.random(seed + 5, 8));
    PartitionRecords transaction = new PartitionRecords(200)
        .batch(b -> b.compression(codec).producer(PRODUCER_ID, PRODUCER_EPOCH, 0).transactional(true),
            SampleRecord.random(seed + 6, 3))
        .abortMarker(PRODUCER_ID, PRODUCER_EPOCH, 1_700_000_999_000L)
        .batch(Compression.NONE, SampleRecord.random(seed + 7, 2));
    return List.of(
        new Topic("orders", ORDERS_ID, List.of(
            new Partition(0, (short) 0, 120, 120, 0, List.of(), 2, null, new Leader(1, 7), null,
                plain.records(), plain.expected()),
            new Partition(1, (short) 0, 8, 8, 0, List.of(), -1, new Epoch(4, 8), null, null,
                mixed.records(), mixed.expected()),
            new Partition(2, (short) 0, 206, 203, 150, List.of(new Aborted(PRODUCER_ID, 200), new Aborted(88, 205)), -1,
                null, new Leader(3, 11), null, transaction.records(), transaction.expected()))),
        new Topic("audit", AUDIT_ID, List.of(
            new Partition(0, (short) 1, -1, -1, -1, null, -1, null, null, new Snapshot(50, 2),
                Records.EMPTY, List.of()),
            new Partition(1, (short) 6, -1, -1, -1, null, -1, null, null, null, null, null))));
  }

  @ParameterizedTest(name = "v{0} {1}")
  @MethodSource("versionsAndCodecs")
  void brokerFetchResponseIsKafkasFrameAndReadsInPlace(short version, Compression codec) {
    List<Topic> topics = brokerOutput(codec, 40L * version);
    ResponseHeader header = new ResponseHeader(1000 + version);
    FetchResponse body = kwireResponse(version, topics);

    byte[] kwire = Frames.encodeResponse(header, FetchResponseCodec.INSTANCE, version, body);
    byte[] kafka = KafkaWire.response(ApiKeys.FETCH, version, header.correlationId(), kafkaResponse(version, topics));
    assertSameFrame(kafka, kwire, "Fetch v" + version + " " + codec);

    DecodedResponse<FetchResponse> decoded = Frames.decodeResponse(kwire, FetchResponseCodec.INSTANCE, version);
    assertEquals(header, decoded.header());
    assertEquals(body, decoded.body());
    for (int t = 0; t < topics.size(); t++) {
      for (int p = 0; p < topics.get(t).partitions().size(); p++) {
        Partition expected = topics.get(t).partitions().get(p);
        Records records = decoded.body().responses().get(t).partitions().get(p).records();
        if (expected.records() == null) {
          assertNull(records);
          continue;
        }
        assertEquals(expected.expected(), PartitionRecords.read(records, BROKER_OUTPUT),
            () -> "records of partition " + expected.index());
        assertViewsInto(kwire, records);
      }
    }
    List<FetchResponse.PartitionData> orders = decoded.body().responses().get(0).partitions();
    assertEveryRecordReadInPlace(kwire, orders.get(0).records());
    assertTruncatedTailIsAnErrorByDefault(orders.get(0).records());
    assertTruncatedTailIsAnErrorByDefault(orders.get(1).records());
    assertAbortedTransaction(orders.get(2).records());
  }

  /** The records field and every batch in it are views into the frame itself. */
  private static void assertViewsInto(byte[] frame, Records records) {
    assertTrue(records.array() == frame, "the records field is a view into the frame, not a copy");
    assertTrue(records.arrayOffset() > 0 && records.arrayOffset() + records.sizeInBytes() <= frame.length);
    for (RecordBatch batch : records.batches(BROKER_OUTPUT)) {
      assertTrue(batch.bytes().array() == frame, "batch at " + batch.position() + " is a view into the frame");
      assertEquals(records.arrayOffset() + batch.position(), batch.bytes().arrayOffset());
    }
  }

  /** Keys and values of uncompressed batches are positions in the frame; nothing was copied. */
  private static void assertEveryRecordReadInPlace(byte[] frame, Records records) {
    int start = records.arrayOffset();
    int end = start + records.sizeInBytes();
    int seen = 0;
    for (RecordBatch batch : records.batches(BROKER_OUTPUT)) {
      RecordCursor cursor = batch.cursor();
      while (cursor.next()) {
        KafkaRecord r = cursor.record();
        assertTrue(r.array() == frame, "record " + r.offset() + " is read from the frame");
        assertWithin(start, end, r.keyOffset(), r.keyLength(), "key of " + r.offset());
        assertWithin(start, end, r.valueOffset(), r.valueLength(), "value of " + r.offset());
        seen++;
      }
    }
    assertEquals(9, seen, "the two whole batches; the truncated third is skipped");
  }

  private static void assertWithin(int start, int end, int offset, int length, String what) {
    if (length >= 0) {
      assertTrue(offset >= start && offset + length <= end,
          () -> what + " at [" + offset + ", +" + length + ") lies outside the records field [" + start + ", " + end + ")");
    }
  }

  private static void assertTruncatedTailIsAnErrorByDefault(Records records) {
    assertThrows(KwireProtocolException.class, () -> PartitionRecords.read(records, ReadOptions.DEFAULT));
  }

  /** A transactional batch, then the control batch aborting it, then a plain batch. */
  private static void assertAbortedTransaction(Records records) {
    Iterator<RecordBatch> batches = records.batches().iterator();
    RecordBatch data = batches.next();
    assertTrue(data.isTransactional() && !data.isControl());
    RecordBatch marker = batches.next();
    assertTrue(marker.isTransactional() && marker.isControl());
    KafkaRecord abort = marker.iterator().next();
    assertEquals(ControlRecords.ABORT, ControlRecords.type(abort));
    assertEquals(9, ControlRecords.endTxnMarker(abort).coordinatorEpoch());
    RecordBatch after = batches.next();
    assertTrue(!after.isTransactional() && !after.isControl());
  }

  // Each side gets only the fields its version carries, so that the decoded response equals the original.

  private static FetchResponse kwireResponse(short v, List<Topic> topics) {
    List<FetchResponse.FetchableTopicResponse> responses = new ArrayList<>();
    for (Topic t : topics) {
      List<FetchResponse.PartitionData> partitions = new ArrayList<>();
      for (Partition p : t.partitions()) {
        PartitionDataBuilder b = new PartitionDataBuilder().partitionIndex(p.index()).errorCode(p.errorCode())
            .highWatermark(p.highWatermark()).lastStableOffset(p.lastStableOffset())
            .abortedTransactions(p.aborted() == null ? null : p.aborted().stream()
                .map(a -> new AbortedTransactionBuilder().producerId(a.producerId()).firstOffset(a.firstOffset()).build())
                .toList())
            .records(p.records());
        if (v >= 5) {
          b.logStartOffset(p.logStartOffset());
        }
        if (v >= 11) {
          b.preferredReadReplica(p.preferredReadReplica());
        }
        if (v >= 12 && p.divergingEpoch() != null) {
          b.divergingEpoch(new EpochEndOffsetBuilder().epoch(p.divergingEpoch().epoch())
              .endOffset(p.divergingEpoch().endOffset()).build());
        }
        if (v >= 12 && p.currentLeader() != null) {
          b.currentLeader(new LeaderIdAndEpochBuilder().leaderId(p.currentLeader().leaderId())
              .leaderEpoch(p.currentLeader().leaderEpoch()).build());
        }
        if (v >= 12 && p.snapshotId() != null) {
          b.snapshotId(new SnapshotIdBuilder().endOffset(p.snapshotId().endOffset()).epoch(p.snapshotId().epoch()).build());
        }
        partitions.add(b.build());
      }
      responses.add(new FetchableTopicResponseBuilder()
          .topic(v <= 12 ? t.name() : "")
          .topicId(v >= 13 ? t.id() : WireDefaults.ZERO_UUID)
          .partitions(partitions)
          .build());
    }
    FetchResponseBuilder b = new FetchResponseBuilder().throttleTimeMs(25).responses(responses);
    if (v >= 7) {
      b.errorCode((short) 0).sessionId(123456);
    }
    if (v >= 16) {
      b.nodeEndpoints(List.of(
          new NodeEndpointBuilder().nodeId(1).host("broker-1.example").port(9092).rack("rack-a").build(),
          new NodeEndpointBuilder().nodeId(3).host("broker-3.example").port(9093).build()));
    }
    return b.build();
  }

  private static FetchResponseData kafkaResponse(short v, List<Topic> topics) {
    List<FetchResponseData.FetchableTopicResponse> responses = new ArrayList<>();
    for (Topic t : topics) {
      List<FetchResponseData.PartitionData> partitions = new ArrayList<>();
      for (Partition p : t.partitions()) {
        FetchResponseData.PartitionData d = new FetchResponseData.PartitionData().setPartitionIndex(p.index())
            .setErrorCode(p.errorCode()).setHighWatermark(p.highWatermark()).setLastStableOffset(p.lastStableOffset())
            .setAbortedTransactions(p.aborted() == null ? null : p.aborted().stream()
                .map(a -> new FetchResponseData.AbortedTransaction().setProducerId(a.producerId()).setFirstOffset(a.firstOffset()))
                .toList())
            .setRecords(p.records() == null ? null : MemoryRecords.readableRecords(ByteBuffer.wrap(p.records().toByteArray())));
        if (v >= 5) {
          d.setLogStartOffset(p.logStartOffset());
        }
        if (v >= 11) {
          d.setPreferredReadReplica(p.preferredReadReplica());
        }
        if (v >= 12 && p.divergingEpoch() != null) {
          d.setDivergingEpoch(new FetchResponseData.EpochEndOffset().setEpoch(p.divergingEpoch().epoch())
              .setEndOffset(p.divergingEpoch().endOffset()));
        }
        if (v >= 12 && p.currentLeader() != null) {
          d.setCurrentLeader(new FetchResponseData.LeaderIdAndEpoch().setLeaderId(p.currentLeader().leaderId())
              .setLeaderEpoch(p.currentLeader().leaderEpoch()));
        }
        if (v >= 12 && p.snapshotId() != null) {
          d.setSnapshotId(new FetchResponseData.SnapshotId().setEndOffset(p.snapshotId().endOffset())
              .setEpoch(p.snapshotId().epoch()));
        }
        partitions.add(d);
      }
      responses.add(new FetchResponseData.FetchableTopicResponse()
          .setTopic(v <= 12 ? t.name() : "")
          .setTopicId(v >= 13 ? new Uuid(t.id().getMostSignificantBits(), t.id().getLeastSignificantBits()) : Uuid.ZERO_UUID)
          .setPartitions(partitions));
    }
    FetchResponseData d = new FetchResponseData().setThrottleTimeMs(25).setResponses(responses);
    if (v >= 7) {
      d.setErrorCode((short) 0).setSessionId(123456);
    }
    if (v >= 16) {
      FetchResponseData.NodeEndpointCollection endpoints = new FetchResponseData.NodeEndpointCollection();
      endpoints.add(new FetchResponseData.NodeEndpoint().setNodeId(1).setHost("broker-1.example").setPort(9092).setRack("rack-a"));
      endpoints.add(new FetchResponseData.NodeEndpoint().setNodeId(3).setHost("broker-3.example").setPort(9093).setRack(null));
      d.setNodeEndpoints(endpoints);
    }
    return d;
  }
}
