package io.kwire.tests.seeds;

import static io.kwire.tests.seeds.SeedFramesTest.assertRequestFrame;
import static io.kwire.tests.seeds.SeedFramesTest.assertResponseFrame;

import io.kwire.messages.CreateTopicsRequest;
import io.kwire.messages.CreateTopicsRequestBuilder;
import io.kwire.messages.CreateTopicsRequestCodec;
import io.kwire.messages.CreateTopicsResponse;
import io.kwire.messages.CreateTopicsResponseBuilder;
import io.kwire.messages.CreateTopicsResponseCodec;
import io.kwire.messages.DeleteTopicsRequest;
import io.kwire.messages.DeleteTopicsRequestBuilder;
import io.kwire.messages.DeleteTopicsRequestCodec;
import io.kwire.messages.DeleteTopicsResponse;
import io.kwire.messages.DeleteTopicsResponseBuilder;
import io.kwire.messages.DeleteTopicsResponseCodec;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The KIP-4 admin protocol's first versions (shared/seeds, the KIP-4 page), which Kafka 4.x no
 * longer speaks but 3.9.1 did: frames written down field by field from the page's schemas.
 */
class Kip4FramesTest {
  @Test
  void createTopicsRequestV0() {
    // CreateTopics Request (Version: 0) => [topics] timeout; topic => name num_partitions replication_factor [assignments] [configs]
    CreateTopicsRequest body = new CreateTopicsRequestBuilder()
        .topics(List.of(new CreateTopicsRequestBuilder.CreatableTopicBuilder()
            .name("t1").numPartitions(3).replicationFactor((short) 2)
            .configs(List.of(new CreateTopicsRequestBuilder.CreatableTopicConfigBuilder().name("k").value("v").build()))
            .build()))
        .timeoutMs(1000)
        .build();
    assertRequestFrame(CreateTopicsRequestCodec.INSTANCE, (short) 0, body, """
        0000002a
        0013 0000 00000000 0000
        00000001 0002 7431 00000003 0002 00000000 00000001 0001 6b 0001 76
        000003e8""");
  }

  @Test
  void createTopicsResponseV0() {
    // CreateTopics Response (Version: 0) => [topic_error_codes]; topic_error_codes => topic error_code
    CreateTopicsResponse body = new CreateTopicsResponseBuilder()
        .topics(List.of(
            new CreateTopicsResponseBuilder.CreatableTopicResultBuilder().name("t1").errorCode((short) 0).build(),
            new CreateTopicsResponseBuilder.CreatableTopicResultBuilder().name("t2").errorCode((short) 36).build()))
        .build();
    assertResponseFrame(CreateTopicsResponseCodec.INSTANCE, (short) 0, body, """
        00000014
        00000000
        00000002 0002 7431 0000 0002 7432 0024""");
  }

  @Test
  void deleteTopicsRequestV0() {
    // DeleteTopics Request (Version: 0) => [topics] timeout; topics => STRING
    DeleteTopicsRequest body = new DeleteTopicsRequestBuilder()
        .topicNames(List.of("a1", "b2"))
        .timeoutMs(5000)
        .build();
    assertRequestFrame(DeleteTopicsRequestCodec.INSTANCE, (short) 0, body, """
        0000001a
        0014 0000 00000000 0000
        00000002 0002 6131 0002 6232 00001388""");
  }

  @Test
  void deleteTopicsResponseV0() {
    // DeleteTopics Response (Version: 0) => [topic_error_codes]; topic_error_codes => topic error_code
    DeleteTopicsResponse body = new DeleteTopicsResponseBuilder()
        .responses(List.of(
            new DeleteTopicsResponseBuilder.DeletableTopicResultBuilder().name("a1").build(),
            new DeleteTopicsResponseBuilder.DeletableTopicResultBuilder().name("b2").errorCode((short) 3).build()))
        .build();
    assertResponseFrame(DeleteTopicsResponseCodec.INSTANCE, (short) 0, body, """
        00000014
        00000000
        00000002 0002 6131 0000 0002 6232 0003""");
  }
}
