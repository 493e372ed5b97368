package io.kwire.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.DescribeConfigsRequest;
import io.kwire.messages.DescribeConfigsRequestBuilder;
import io.kwire.messages.DescribeConfigsResponse;
import io.kwire.messages.DescribeConfigsResponseBuilder;
import io.kwire.messages.ListOffsetsRequest;
import io.kwire.messages.ListOffsetsRequestBuilder;
import io.kwire.messages.ListOffsetsResponse;
import io.kwire.messages.ListOffsetsResponseBuilder;
import io.kwire.messages.OffsetCommitRequest;
import io.kwire.messages.OffsetCommitRequestBuilder;
import io.kwire.messages.OffsetCommitResponse;
import io.kwire.messages.OffsetCommitResponseBuilder;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import java.util.List;
import org.junit.jupiter.api.Test;

class OtherTranslationsTest {
  private final BridgeTranslator bridge = new BridgeTranslator(Brokers.kafka44());

  private RequestTranslation.Translated translate(int key, int version, Object body) {
    Object decoded = Wire.request(body, (short) key, (short) version);
    return assertInstanceOf(RequestTranslation.Translated.class,
        bridge.translateRequest(new RequestHeader((short) key, (short) version, 1, "c"), decoded));
  }

  @Test
  void listOffsetsV0AsksV1AndGetsItsOneOffsetAsAList() {
    ListOffsetsRequest v0 = new ListOffsetsRequestBuilder().replicaId(-1).topics(List.of(
        new ListOffsetsRequestBuilder.ListOffsetsTopicBuilder().name("t").partitions(List.of(
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(0).timestamp(-1L).maxNumOffsets(1).build(),
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(1).timestamp(-2L).maxNumOffsets(5).build(),
            new ListOffsetsRequestBuilder.ListOffsetsPartitionBuilder().partitionIndex(2).timestamp(123L).maxNumOffsets(1).build()))
            .build())).build();
    RequestTranslation.Translated t = translate(2, 0, v0);
    assertEquals(1, t.upstreamHeader().requestApiVersion());
    ListOffsetsRequest up = Wire.request((ListOffsetsRequest) t.upstreamRequest(), (short) 2, (short) 1);
    assertEquals(List.of(-1L, -2L, 123L), up.topics().get(0).partitions().stream()
        .map(ListOffsetsRequest.ListOffsetsPartition::timestamp).toList());
    assertEquals(2, t.notes().size(), t.notes().toString());
    ListOffsetsResponse upstream = new ListOffsetsResponseBuilder().topics(List.of(
        new ListOffsetsResponseBuilder.ListOffsetsTopicResponseBuilder().name("t").partitions(List.of(
            new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder().partitionIndex(0).timestamp(-1L).offset(77L).build(),
            new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder().partitionIndex(1).timestamp(-1L).offset(3L).build(),
            new ListOffsetsResponseBuilder.ListOffsetsPartitionResponseBuilder().partitionIndex(2).timestamp(-1L).offset(-1L).build()))
            .build())).build();
    ListOffsetsResponse back = Wire.response((ListOffsetsResponse) t.translateResponse(
        Wire.response(upstream, (short) 2, (short) 1)).response(), (short) 2, (short) 0);
    List<ListOffsetsResponse.ListOffsetsPartitionResponse> ps = back.topics().get(0).partitions();
    assertEquals(List.of(77L), ps.get(0).oldStyleOffsets());
    assertEquals(List.of(3L), ps.get(1).oldStyleOffsets());
    assertEquals(List.of(), ps.get(2).oldStyleOffsets(), "no offset for the timestamp: an empty list");
  }

  @Test
  void offsetCommitV0AndV1BecomeV2() {
    for (short v = 0; v <= 1; v++) {
      OffsetCommitRequest commit = new OffsetCommitRequestBuilder().groupId("g")
          .generationIdOrMemberEpoch(v == 0 ? -1 : 5).memberId(v == 0 ? "" : "m-1").topics(List.of(
              new OffsetCommitRequestBuilder.OffsetCommitRequestTopicBuilder().name("t").partitions(List.of(
                  new OffsetCommitRequestBuilder.OffsetCommitRequestPartitionBuilder().partitionIndex(3)
                      .committedOffset(99L).committedMetadata("meta").commitTimestamp(v == 1 ? 1234L : -1L).build()))
                  .build())).build();
      RequestTranslation.Translated t = translate(8, v, commit);
      assertEquals(2, t.upstreamHeader().requestApiVersion());
      OffsetCommitRequest up = Wire.request((OffsetCommitRequest) t.upstreamRequest(), (short) 8, (short) 2);
      assertEquals("g", up.groupId());
      assertEquals(v == 0 ? -1 : 5, up.generationIdOrMemberEpoch());
      assertEquals(v == 0 ? "" : "m-1", up.memberId());
      assertEquals(-1L, up.retentionTimeMs());
      OffsetCommitRequest.OffsetCommitRequestPartition p = up.topics().get(0).partitions().get(0);
      assertEquals(99L, p.committedOffset());
      assertEquals("meta", p.committedMetadata());
      assertEquals(v == 1 ? 1 : 0, t.notes().size(), t.notes().toString());
      OffsetCommitResponse upstream = new OffsetCommitResponseBuilder().topics(List.of(
          new OffsetCommitResponseBuilder.OffsetCommitResponseTopicBuilder().name("t").partitions(List.of(
              new OffsetCommitResponseBuilder.OffsetCommitResponsePartitionBuilder().partitionIndex(3)
                  .errorCode((short) 22).build())).build())).build();
      OffsetCommitResponse back = Wire.response((OffsetCommitResponse) t.translateResponse(
          Wire.response(upstream, (short) 8, (short) 2)).response(), (short) 8, v);
      assertEquals(22, back.topics().get(0).partitions().get(0).errorCode());
    }
  }

  @Test
  void describeConfigsV0ReadsIsDefaultFromTheSource() {
    DescribeConfigsRequest request = new DescribeConfigsRequestBuilder().resources(List.of(
        new DescribeConfigsRequestBuilder.DescribeConfigsResourceBuilder().resourceType((byte) 2).resourceName("t")
            .configurationKeys(null).build())).build();
    RequestTranslation.Translated t = translate(32, 0, request);
    DescribeConfigsRequest up = Wire.request((DescribeConfigsRequest) t.upstreamRequest(), (short) 32, (short) 1);
    assertFalse(up.includeSynonyms());
    DescribeConfigsResponse upstream = new DescribeConfigsResponseBuilder().results(List.of(
        new DescribeConfigsResponseBuilder.DescribeConfigsResultBuilder().resourceType((byte) 2).resourceName("t")
            .configs(List.of(config("retention.ms", (byte) 5), config("cleanup.policy", (byte) 1))).build())).build();
    DescribeConfigsResponse back = Wire.response((DescribeConfigsResponse) t.translateResponse(
        Wire.response(upstream, (short) 32, (short) 1)).response(), (short) 32, (short) 0);
    List<DescribeConfigsResponse.DescribeConfigsResourceResult> cs = back.results().get(0).configs();
    assertTrue(cs.get(0).isDefault());
    assertFalse(cs.get(1).isDefault());
    assertEquals("retention.ms", cs.get(0).name());
  }

  private static DescribeConfigsResponse.DescribeConfigsResourceResult config(String name, byte source) {
    return new DescribeConfigsResponseBuilder.DescribeConfigsResourceResultBuilder().name(name).value("v")
        .configSource(source).synonyms(List.of(new DescribeConfigsResponseBuilder.DescribeConfigsSynonymBuilder()
            .name(name).value("v").source(source).build())).build();
  }

  /**
   * Every same-shape API: the decoded old request (each builder's defaults) encodes at the upstream
   * version, and the default response decoded at the upstream version encodes at the old one.
   */
  @Test
  void sameShapeApisEncodeAtBothVersions() {
    KwireRegistry registry = KwireRegistry.standard();
    int[][] apis = {{9, 0}, {19, 0}, {19, 1}, {20, 0}, {23, 0}, {23, 1}, {29, 0}, {30, 0}, {31, 0}, {34, 0}, {35, 0},
        {38, 0}, {39, 0}, {40, 0}, {41, 0}};
    for (int[] kv : apis) {
      ApiMessageCodec<?> requestCodec = registry.request(kv[0]);
      RequestTranslation.Translated t = translate(kv[0], kv[1], requestCodec.newBuilder().build());
      short up = t.upstreamHeader().requestApiVersion();
      assertEquals(bridge.brokerVersions().min((short) kv[0]), up, "api " + kv[0]);
      Wire.request(t.upstreamRequest(), (short) kv[0], up);
      Object upstreamResponse = Wire.response(registry.response(kv[0]).newBuilder().build(), (short) kv[0], up);
      Wire.response(t.translateResponse(upstreamResponse).response(), (short) kv[0], (short) kv[1]);
    }
  }
}
