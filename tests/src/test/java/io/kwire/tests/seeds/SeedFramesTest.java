package io.kwire.tests.seeds;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kwire.messages.AddPartitionsToTxnRequest;
import io.kwire.messages.AddPartitionsToTxnRequestBuilder;
import io.kwire.messages.AddPartitionsToTxnRequestCodec;
import io.kwire.messages.AddPartitionsToTxnResponse;
import io.kwire.messages.AddPartitionsToTxnResponseBuilder;
import io.kwire.messages.AddPartitionsToTxnResponseCodec;
import io.kwire.messages.AlterPartitionReassignmentsRequest;
import io.kwire.messages.AlterPartitionReassignmentsRequestBuilder;
import io.kwire.messages.AlterPartitionReassignmentsRequestCodec;
import io.kwire.messages.AlterPartitionReassignmentsResponse;
import io.kwire.messages.AlterPartitionReassignmentsResponseBuilder;
import io.kwire.messages.AlterPartitionReassignmentsResponseCodec;
import io.kwire.messages.CreatePartitionsRequest;
import io.kwire.messages.CreatePartitionsRequestBuilder;
import io.kwire.messages.CreatePartitionsRequestCodec;
import io.kwire.messages.CreatePartitionsResponse;
import io.kwire.messages.CreatePartitionsResponseBuilder;
import io.kwire.messages.CreatePartitionsResponseCodec;
import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.DecodedRequest;
import io.kwire.runtime.DecodedResponse;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.generated.WireDefaults;
import io.kwire.runtime.wire.Int32List;
import io.kwire.tests.Hex;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The eight frames of the seed pages (shared/seeds), written down byte by byte from their object
 * trees: the smallest legal instance of each message (numbers zero, strings empty, every array one
 * element). kwire must encode each record to exactly these bytes and decode them back to an equal
 * record.
 */
class SeedFramesTest {
  private static final KwireRegistry REGISTRY = KwireRegistry.standard();

  static <T> void assertRequestFrame(ApiMessageCodec<T> codec, short version, T body, String hex) {
    byte[] expected = Hex.bytes(hex);
    RequestHeader header = new RequestHeader(codec.apiKey(), version, 0, "");
    byte[] frame = Frames.encodeRequest(header, codec, body);
    assertEquals(Hex.of(expected), Hex.of(frame), "encoded frame");
    DecodedRequest<?> decoded = Frames.decodeRequest(expected, REGISTRY);
    assertEquals(header, decoded.header());
    assertEquals(body, decoded.body());
    assertEquals(codec.size(body, version), frame.length - 4 - (codec.headerVersion(version) == 2 ? 11 : 10));
  }

  static <T> void assertResponseFrame(ApiMessageCodec<T> codec, short version, T body, String hex) {
    byte[] expected = Hex.bytes(hex);
    byte[] frame = Frames.encodeResponse(new ResponseHeader(0), codec, version, body);
    assertEquals(Hex.of(expected), Hex.of(frame), "encoded frame");
    DecodedResponse<T> decoded = Frames.decodeResponse(expected, codec, version);
    assertEquals(0, decoded.header().correlationId());
    assertEquals(body, decoded.body());
  }

  @Test
  void createPartitionsRequestV3() {
    CreatePartitionsRequest body = new CreatePartitionsRequestBuilder()
        .topics(List.of(new CreatePartitionsRequestBuilder.CreatePartitionsTopicBuilder()
            .assignments(List.of(new CreatePartitionsRequestBuilder.CreatePartitionsAssignmentBuilder()
                .brokerIds(Int32List.of(0)).build()))
            .build()))
        .build();
    assertRequestFrame(CreatePartitionsRequestCodec.INSTANCE, (short) 3, body, """
        0000001f
        0025 0003 00000000 0000 00
        02 01 00000000 02 02 00000000 00 00 00000000 00 00""");
  }

  @Test
  void createPartitionsResponseV3() {
    CreatePartitionsResponse body = new CreatePartitionsResponseBuilder()
        .results(List.of(new CreatePartitionsResponseBuilder.CreatePartitionsTopicResultBuilder().errorMessage("").build()))
        .build();
    assertResponseFrame(CreatePartitionsResponseCodec.INSTANCE, (short) 3, body, """
        00000010
        00000000 00
        00000000 02 01 0000 01 00 00""");
  }

  @Test
  void createTopicsRequestV7() {
    CreateTopicsRequest body = new CreateTopicsRequestBuilder()
        .topics(List.of(new CreateTopicsRequestBuilder.CreatableTopicBuilder()
            .assignments(List.of(new CreateTopicsRequestBuilder.CreatableReplicaAssignmentBuilder()
                .brokerIds(List.of(0)).build()))
            .configs(List.of(new CreateTopicsRequestBuilder.CreatableTopicConfigBuilder().value("").build()))
            .build()))
        .timeoutMs(0)
        .build();
    assertRequestFrame(CreateTopicsRequestCodec.INSTANCE, (short) 7, body, """
        00000029
        0013 0007 00000000 0000 00
        02 01 00000000 0000 02 00000000 02 00000000 00 02 01 01 00 00 00000000 00 00""");
  }

  @Test
  void createTopicsResponseV7() {
    CreateTopicsResponse body = new CreateTopicsResponseBuilder()
        .topics(List.of(new CreateTopicsResponseBuilder.CreatableTopicResultBuilder()
            .topicId(WireDefaults.ZERO_UUID)
            .errorMessage("")
            .numPartitions(0)
            .replicationFactor((short) 0)
            .configs(List.of(new CreateTopicsResponseBuilder.CreatableTopicConfigsBuilder()
                .value("").configSource((byte) 0).build()))
            .build()))
        .build();
    assertResponseFrame(CreateTopicsResponseCodec.INSTANCE, (short) 7, body, """
        0000002d
        00000000 00
        00000000 02 01 00000000000000000000000000000000 0000 01 00000000 0000 02 01 01 00 00 00 00 00 00""");
  }

  @Test
  void alterPartitionReassignmentsRequestV0() {
    AlterPartitionReassignmentsRequest body = new AlterPartitionReassignmentsRequestBuilder()
        .timeoutMs(0)
        .topics(List.of(new AlterPartitionReassignmentsRequestBuilder.ReassignableTopicBuilder()
            .partitions(List.of(new AlterPartitionReassignmentsRequestBuilder.ReassignablePartitionBuilder()
                .replicas(List.of(0)).build()))
            .build()))
        .build();
    assertRequestFrame(AlterPartitionReassignmentsRequestCodec.INSTANCE, (short) 0, body, """
        0000001e
        002d 0000 00000000 0000 00
        00000000 02 01 02 00000000 02 00000000 00 00 00""");
  }

  @Test
  void alterPartitionReassignmentsResponseV0() {
    AlterPartitionReassignmentsResponse body = new AlterPartitionReassignmentsResponseBuilder()
        .errorMessage("")
        .responses(List.of(new AlterPartitionReassignmentsResponseBuilder.ReassignableTopicResponseBuilder()
            .partitions(List.of(new AlterPartitionReassignmentsResponseBuilder.ReassignablePartitionResponseBuilder()
                .errorMessage("").build()))
            .build()))
        .build();
    assertResponseFrame(AlterPartitionReassignmentsResponseCodec.INSTANCE, (short) 0, body, """
        00000019
        00000000 00
        00000000 0000 01 02 01 02 00000000 0000 01 00 00 00""");
  }

  @Test
  void addPartitionsToTxnRequestV5() {
    AddPartitionsToTxnRequest body = new AddPartitionsToTxnRequestBuilder()
        .transactions(List.of(new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTransactionBuilder()
            .topics(List.of(new AddPartitionsToTxnRequestBuilder.AddPartitionsToTxnTopicBuilder()
                .partitions(List.of(0)).build()))
            .build()))
        .build();
    assertRequestFrame(AddPartitionsToTxnRequestCodec.INSTANCE, (short) 5, body, """
        00000022
        0018 0005 00000000 0000 00
        02 01 0000000000000000 0000 00 02 01 02 00000000 00 00 00""");
  }

  @Test
  void addPartitionsToTxnResponseV5() {
    AddPartitionsToTxnResponse body = new AddPartitionsToTxnResponseBuilder()
        .resultsByTransaction(List.of(new AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnResultBuilder()
            .topicResults(List.of(new AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnTopicResultBuilder()
                .resultsByPartition(List.of(new AddPartitionsToTxnResponseBuilder.AddPartitionsToTxnPartitionResultBuilder().build()))
                .build()))
            .build()))
        .build();
    assertResponseFrame(AddPartitionsToTxnResponseCodec.INSTANCE, (short) 5, body, """
        0000001a
        00000000 00
        00000000 0000 02 01 02 01 02 00000000 0000 00 00 00 00""");
  }
}
