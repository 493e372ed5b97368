package io.kwire.tests.frames;

import static io.kwire.tests.frames.FrameAssertions.assertSameFrame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.FetchSnapshotResponse;
import io.kwire.messages.FetchSnapshotResponseBuilder;
import io.kwire.messages.FetchSnapshotResponseCodec;
import io.kwire.messages.ShareFetchResponse;
import io.kwire.messages.ShareFetchResponseBuilder;
import io.kwire.messages.ShareFetchResponseCodec;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.ReadOptions;
import io.kwire.runtime.records.Records;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.message.FetchSnapshotResponseData;
import org.apache.kafka.common.message.ShareFetchResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.UnalignedMemoryRecords;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The other responses that carry records: ShareFetch (whole batches) and FetchSnapshot (raw snapshot chunks). */
class ShareFetchAndSnapshotFramesTest {
  private static final UUID TOPIC_ID = new UUID(0x0123456789abcdefL, 0x1122334455667788L);

  static Stream<Short> shareFetchVersions() {
    return IntStream.rangeClosed(ShareFetchResponseData.LOWEST_SUPPORTED_VERSION, ShareFetchResponseData.HIGHEST_SUPPORTED_VERSION)
        .mapToObj(v -> (short) v);
  }

  static Stream<Short> fetchSnapshotVersions() {
    return IntStream.rangeClosed(FetchSnapshotResponseData.LOWEST_SUPPORTED_VERSION, FetchSnapshotResponseData.HIGHEST_SUPPORTED_VERSION)
        .mapToObj(v -> (short) v);
  }

  @ParameterizedTest(name = "v{0}")
  @MethodSource("shareFetchVersions")
  void shareFetchResponse(short version) {
    PartitionRecords acquired = new PartitionRecords(500)
        .batch(Compression.ZSTD, SampleRecord.random(70 + version, 5))
        .batch(Compression.NONE, SampleRecord.random(80 + version, 3));
    Records records = acquired.records();
    ResponseHeader header = new ResponseHeader(4200 + version);
    ShareFetchResponse body = new ShareFetchResponseBuilder()
        .throttleTimeMs(5)
        .acquisitionLockTimeoutMs(version >= 1 ? 30_000 : 0)
        .responses(List.of(new ShareFetchResponseBuilder.ShareFetchableTopicResponseBuilder()
            .topicId(TOPIC_ID)
            .partitions(List.of(
                new ShareFetchResponseBuilder.PartitionDataBuilder().partitionIndex(0)
                    .currentLeader(new ShareFetchResponseBuilder.LeaderIdAndEpochBuilder().leaderId(2).leaderEpoch(9).build())
                    .records(records)
                    .acquiredRecords(List.of(new ShareFetchResponseBuilder.AcquiredRecordsBuilder()
                        .firstOffset(500).lastOffset(507).deliveryCount((short) 1).build()))
                    .build(),
                new ShareFetchResponseBuilder.PartitionDataBuilder().partitionIndex(1).errorCode((short) 6)
                    .errorMessage("not leader").records(Records.EMPTY).build()))
            .build()))
        .nodeEndpoints(List.of(new ShareFetchResponseBuilder.NodeEndpointBuilder()
            .nodeId(2).host("broker-2.example").port(9092).rack("rack-b").build()))
        .build();

    ShareFetchResponseData.ShareFetchableTopicResponseCollection topics = new ShareFetchResponseData.ShareFetchableTopicResponseCollection();
    topics.add(new ShareFetchResponseData.ShareFetchableTopicResponse().setTopicId(kafkaUuid(TOPIC_ID)).setPartitions(List.of(
        new ShareFetchResponseData.PartitionData().setPartitionIndex(0)
            .setCurrentLeader(new ShareFetchResponseData.LeaderIdAndEpoch().setLeaderId(2).setLeaderEpoch(9))
            .setRecords(MemoryRecords.readableRecords(ByteBuffer.wrap(records.toByteArray())))
            .setAcquiredRecords(List.of(new ShareFetchResponseData.AcquiredRecords()
                .setFirstOffset(500).setLastOffset(507).setDeliveryCount((short) 1))),
        new ShareFetchResponseData.PartitionData().setPartitionIndex(1).setErrorCode((short) 6)
            .setErrorMessage("not leader").setRecords(MemoryRecords.EMPTY))));
    ShareFetchResponseData.NodeEndpointCollection endpoints = new ShareFetchResponseData.NodeEndpointCollection();
    endpoints.add(new ShareFetchResponseData.NodeEndpoint().setNodeId(2).setHost("broker-2.example").setPort(9092).setRack("rack-b"));
    ShareFetchResponseData kafkaBody = new ShareFetchResponseData().setThrottleTimeMs(5)
        .setAcquisitionLockTimeoutMs(version >= 1 ? 30_000 : 0).setResponses(topics).setNodeEndpoints(endpoints);

    byte[] kwire = Frames.encodeResponse(header, ShareFetchResponseCodec.INSTANCE, version, body);
    byte[] kafka = KafkaWire.response(ApiKeys.SHARE_FETCH, version, header.correlationId(), kafkaBody);
    assertSameFrame(kafka, kwire, "ShareFetch v" + version);

    DecodedResponse<ShareFetchResponse> decoded = Frames.decodeResponse(kwire, ShareFetchResponseCodec.INSTANCE, version);
    assertEquals(header, decoded.header());
    assertEquals(body, decoded.body());
    Records read = decoded.body().responses().get(0).partitions().get(0).records();
    assertTrue(read.array() == kwire, "records are a view into the frame");
    assertEquals(acquired.expected(), PartitionRecords.read(read, ReadOptions.DEFAULT));
  }

  @ParameterizedTest(name = "v{0}")
  @MethodSource("fetchSnapshotVersions")
  void fetchSnapshotResponse(short version) {
    // A snapshot file is batches back to back; the leader serves it in chunks cut at any byte.
    PartitionRecords snapshot = new PartitionRecords(0)
        .batch(Compression.NONE, SampleRecord.random(90 + version, 4))
        .batch(Compression.LZ4, SampleRecord.random(91 + version, 6))
        .batch(Compression.NONE, SampleRecord.random(92 + version, 3));
    byte[] file = snapshot.records().toByteArray();
    int firstBatchEnd = Records.wrap(file).batches().iterator().next().sizeInBytes();
    int cut = firstBatchEnd + 10;
    Records firstChunk = Records.wrap(file, 0, cut);
    Records lastChunk = Records.wrap(file, cut, file.length - cut);

    ResponseHeader header = new ResponseHeader(5900 + version);
    FetchSnapshotResponseBuilder.SnapshotIdBuilder snapshotId =
        new FetchSnapshotResponseBuilder.SnapshotIdBuilder().endOffset(13).epoch(4);
    FetchSnapshotResponseBuilder body = new FetchSnapshotResponseBuilder()
        .throttleTimeMs(0)
        .topics(List.of(new FetchSnapshotResponseBuilder.TopicSnapshotBuilder()
            .name("__cluster_metadata")
            .partitions(List.of(
                new FetchSnapshotResponseBuilder.PartitionSnapshotBuilder().index(0).snapshotId(snapshotId.build())
                    .currentLeader(new FetchSnapshotResponseBuilder.LeaderIdAndEpochBuilder().leaderId(1).leaderEpoch(4).build())
                    .size(file.length).position(0).unalignedRecords(firstChunk).build(),
                new FetchSnapshotResponseBuilder.PartitionSnapshotBuilder().index(1).snapshotId(snapshotId.build())
                    .size(file.length).position(cut).unalignedRecords(lastChunk).build()))
            .build()));
    if (version >= 1) {
      body.nodeEndpoints(List.of(new FetchSnapshotResponseBuilder.NodeEndpointBuilder()
          .nodeId(1).host("controller-1.example").port(9093).build()));
    }
    FetchSnapshotResponse kwireBody = body.build();

    FetchSnapshotResponseData.SnapshotId kafkaSnapshotId = new FetchSnapshotResponseData.SnapshotId().setEndOffset(13).setEpoch(4);
    FetchSnapshotResponseData kafkaBody = new FetchSnapshotResponseData().setThrottleTimeMs(0).setTopics(List.of(
        new FetchSnapshotResponseData.TopicSnapshot().setName("__cluster_metadata").setPartitions(List.of(
            new FetchSnapshotResponseData.PartitionSnapshot().setIndex(0).setSnapshotId(kafkaSnapshotId)
                .setCurrentLeader(new FetchSnapshotResponseData.LeaderIdAndEpoch().setLeaderId(1).setLeaderEpoch(4))
                .setSize(file.length).setPosition(0)
                .setUnalignedRecords(new UnalignedMemoryRecords(ByteBuffer.wrap(firstChunk.toByteArray()))),
            new FetchSnapshotResponseData.PartitionSnapshot().setIndex(1).setSnapshotId(kafkaSnapshotId.duplicate())
                .setSize(file.length).setPosition(cut)
                .setUnalignedRecords(new UnalignedMemoryRecords(ByteBuffer.wrap(lastChunk.toByteArray())))))));
    if (version >= 1) {
      FetchSnapshotResponseData.NodeEndpointCollection endpoints = new FetchSnapshotResponseData.NodeEndpointCollection();
      endpoints.add(new FetchSnapshotResponseData.NodeEndpoint().setNodeId(1).setHost("controller-1.example").setPort(9093));
      kafkaBody.setNodeEndpoints(endpoints);
    }

    byte[] kwire = Frames.encodeResponse(header, FetchSnapshotResponseCodec.INSTANCE, version, kwireBody);
    byte[] kafka = KafkaWire.response(ApiKeys.FETCH_SNAPSHOT, version, header.correlationId(), kafkaBody);
    assertSameFrame(kafka, kwire, "FetchSnapshot v" + version);

    DecodedResponse<FetchSnapshotResponse> decoded = Frames.decodeResponse(kwire, FetchSnapshotResponseCodec.INSTANCE, version);
    assertEquals(header, decoded.header());
    assertEquals(kwireBody, decoded.body());
    // The first chunk starts on a batch: its whole first batch reads back, the cut second one is skipped.
    Records chunk = decoded.body().topics().get(0).partitions().get(0).unalignedRecords();
    assertTrue(chunk.array() == kwire, "the chunk is a view into the frame");
    assertEquals(snapshot.expected().subList(0, 4),
        PartitionRecords.read(chunk, ReadOptions.DEFAULT.withSkipPartialTrailingBatch(true)));
  }

  private static Uuid kafkaUuid(UUID id) {
    return new Uuid(id.getMostSignificantBits(), id.getLeastSignificantBits());
  }
}
