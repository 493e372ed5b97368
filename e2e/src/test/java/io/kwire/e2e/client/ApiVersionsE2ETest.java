package io.kwire.e2e.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.net.KwireClient;
import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.ApiVersionsReply;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ApiVersions against the 4.4.0 broker, and the versions the rest of the suite speaks. */
class ApiVersionsE2ETest {

  @Test
  void everyApiTheBrokerListsIsAgreedAtTheBrokersHighestVersion() {
    ApiVersionNegotiation versions = Broker.versions();
    assertTrue(versions.brokerRanges().size() > 40, "the broker lists its APIs: " + versions.brokerRanges().keySet());
    // kwire has every 4.4.0 API at every version, so the broker's maximum is always the agreed one.
    versions.brokerRanges().forEach((key, range) ->
        assertEquals(range.maxVersion(), versions.require(key), "api key " + key));
    assertEquals(versions.brokerRanges().keySet(), versions.agreed().keySet());
  }

  /** The four seed pages' APIs and DeleteTopics, spoken at the broker's highest version, which is kwire's too. */
  @Test
  void theSeedApisAndDeleteTopicsAreNegotiatedAtTheBrokersMaximum() {
    ApiVersionNegotiation versions = Broker.versions();
    // CreateTopics 7, DeleteTopics 6, CreatePartitions 3, AddPartitionsToTxn 5, AlterPartitionReassignments 1.
    int[][] expected = {{19, 7}, {20, 6}, {37, 3}, {24, 5}, {45, 1}};
    for (int[] keyAndMax : expected) {
      int key = keyAndMax[0];
      assertEquals(keyAndMax[1], versions.broker(key).orElseThrow().maxVersion(), "broker max of key " + key);
      assertEquals(keyAndMax[1], versions.kwire(key).highest(), "kwire max of key " + key);
      assertEquals(keyAndMax[1], versions.require(key), "agreed version of key " + key);
    }
  }

  @Test
  void apiVersionsAtTheAgreedVersionAnswersWithoutFallback() {
    try (KwireClient client = Broker.connect()) {
      short version = Broker.version(18);
      ApiVersionsReply<ApiVersionsResponse> reply = Broker.apiVersions(client, version);
      assertFalse(reply.fellBack());
      assertEquals(0, reply.body().errorCode());
      assertEquals(version, reply.bodyVersion());
      assertTrue(reply.body().finalizedFeaturesEpoch() >= 0, "a KRaft broker reports finalized features");
      assertTrue(reply.body().finalizedFeatures().stream().anyMatch(f -> f.name().equals("metadata.version")));
    }
  }

  /**
   * Asked at a version it lacks, the broker answers at version 0 (response header v0): error
   * UNSUPPORTED_VERSION and only ApiVersions' own range, then keeps the connection for the retry.
   * 127 is far out of range; 6 is one above 4.4.0's maximum of 5.
   */
  @ParameterizedTest
  @ValueSource(shorts = {127, 6})
  void aVersionTheBrokerLacksGetsTheVersion0FallbackAndTheRetryWorks(short unsupported) {
    try (KwireClient client = Broker.connect()) {
      int correlationId = Broker.nextCorrelationId();
      // kwire cannot encode a version it lacks either: a v5 frame (header v2, as for any version
      // 3+) relabelled; the broker does not read the body of a version it does not know.
      byte[] frame = Frames.encodeRequest(new RequestHeader((short) 18, (short) 5, correlationId, "kwire-e2e"),
          ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder().clientSoftwareName("kwire-e2e")
              .clientSoftwareVersion("0.1.0").build());
      ByteBuffer.wrap(frame).putShort(6, unsupported);
      byte[] response = client.sendFrame(frame).join();

      byte[] expected = HexFormat.of().parseHex("00000010" + String.format("%08x", correlationId)
          + "0023" + "00000001" + "0012" + "0000" + "0005");
      assertArrayEquals(expected, response, HexFormat.of().formatHex(response));

      ApiVersionsReply<ApiVersionsResponse> reply =
          ApiVersionsReply.decode(response, ApiVersionsResponseCodec.INSTANCE, unsupported);
      assertTrue(reply.fellBack());
      assertEquals(0, reply.bodyVersion());
      assertEquals(correlationId, reply.header().correlationId());
      assertEquals(ApiVersionNegotiation.UNSUPPORTED_VERSION, reply.body().errorCode());
      ApiVersionNegotiation fallback = Broker.negotiate(reply);
      assertEquals(List.of(18), List.copyOf(fallback.brokerRanges().keySet()));
      short retry = fallback.require(18);
      assertEquals(5, retry);
      assertTrue(fallback.highest(3).isEmpty(), "the fallback says nothing of Metadata");

      ApiVersionsReply<ApiVersionsResponse> again = Broker.apiVersions(client, retry);
      assertFalse(again.fellBack());
      assertEquals(0, again.body().errorCode());
      assertEquals(Broker.versions().brokerRanges().size(), again.body().apiKeys().size());
    }
  }

  /** Below the versions kwire's ApiVersions codec has, nothing to fall back from: v0 reads as v0. */
  @Test
  void version0IsAnsweredAtVersion0() {
    try (KwireClient client = Broker.connect()) {
      ApiVersionsReply<ApiVersionsResponse> reply = Broker.apiVersions(client, (short) 0);
      assertFalse(reply.fellBack());
      assertEquals(0, reply.body().errorCode());
      assertEquals(Broker.versions().brokerRanges().size(), reply.body().apiKeys().size());
    }
  }
}
