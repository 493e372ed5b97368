package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.ApiVersionsRequestBuilder;
import io.kwire.messages.ApiVersionsRequestCodec;
import io.kwire.messages.ApiVersionsResponse;
import io.kwire.messages.ApiVersionsResponseCodec;
import io.kwire.messages.DescribeClusterResponse;
import io.kwire.messages.DescribeClusterResponseCodec;
import io.kwire.messages.MetadataResponseCodec;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ApiVersionsRequest;
import org.apache.kafka.common.message.ApiVersionsResponseData.ApiVersionCollection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What Kafka's broker does at the edges of the protocol, done by kwire's server, in bytes. */
class KafkaRulesTest {
  private KwireServer server;

  @BeforeEach
  void start() {
    server = KwireServer.builder().handle(EchoRequest.class, EchoResponse.class,
        (request, context) -> EchoResponse.of(request.text(), request.sequence()))
        .start(new InetSocketAddress("127.0.0.1", 0));
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static byte[] apiVersionsRequest(int version, int correlationId) {
    return ApiVersionsWire.encodeRequest((short) version, correlationId, "raw", "kwire-test", "1.0");
  }

  @Test
  void anApiVersionsVersionTheServerLacksGetsTheVersion0FallbackWithHeader0() throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(apiVersionsRequest(9, 77));
      byte[] response = raw.readFrame();
      assertEquals("00000010" // size
          + "0000004d"       // correlation id 77, header v0
          + "0023"           // UNSUPPORTED_VERSION
          + "00000001" + "0012" + "0000" + "0005", // ApiVersions 0-5 only
          HexFormat.of().formatHex(response));
      raw.write(apiVersionsRequest(3, 78)); // the client asks again; the connection stays open
      assertEquals(78, Frames.peekResponse(raw.readFrame()).correlationId());
    }
  }

  @Test
  void theFallbackIsWhatKafkasOwnClassesBuild() throws Exception {
    org.apache.kafka.common.requests.ApiVersionsResponse kafka = new ApiVersionsRequest.Builder().build((short) 0)
        .getErrorResponse(0, org.apache.kafka.common.errors.UnsupportedVersionException.class
            .getConstructor(String.class).newInstance("x"));
    ByteBuffer kafkaBody = org.apache.kafka.common.protocol.MessageUtil.toByteBufferAccessor(kafka.data(), (short) 0).buffer();
    byte[] ours = ApiVersionsWire.encodeResponse(1, (short) 0, (short) 35,
        List.of(new BrokerRange((short) 18, (short) 0, ApiKeys.API_VERSIONS.latestVersion())));
    byte[] kafkaBytes = new byte[kafkaBody.remaining()];
    kafkaBody.get(kafkaBytes);
    assertArrayEquals(kafkaBytes, java.util.Arrays.copyOfRange(ours, 8, ours.length));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 2, 3, 4, 5})
  void apiVersionsAtEachVersionIsReadByKafkaAndByKwireMessages(int version) throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(apiVersionsRequest(version, 5));
      byte[] frame = raw.readFrame();
      ByteBuffer body = ByteBuffer.wrap(frame, 8, frame.length - 8);
      org.apache.kafka.common.requests.ApiVersionsResponse kafka = (org.apache.kafka.common.requests.ApiVersionsResponse)
          AbstractResponse.parseResponse(ApiKeys.API_VERSIONS, new org.apache.kafka.common.protocol.ByteBufferAccessor(body), (short) version);
      ApiVersionCollection keys = kafka.data().apiKeys();
      assertEquals(0, kafka.data().errorCode());
      assertEquals(2, keys.size());
      assertEquals(5, keys.find((short) 18).maxVersion());
      assertEquals(1, keys.find((short) 1000).maxVersion());
      ApiVersionsResponse kwire = Frames.decodeResponse(frame, ApiVersionsResponseCodec.INSTANCE, (short) version).body();
      assertEquals(2, kwire.apiKeys().size());
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 3, 4, 5})
  void theHandWrittenApiVersionsRequestIsKwireMessagesBytes(int version) {
    byte[] ours = apiVersionsRequest(version, 9);
    byte[] generated = Frames.encodeRequest(new RequestHeader((short) 18, (short) version, 9, "raw"),
        ApiVersionsRequestCodec.INSTANCE, new ApiVersionsRequestBuilder().clientSoftwareName("kwire-test")
            .clientSoftwareVersion("1.0").build());
    assertArrayEquals(generated, ours);
  }

  @Test
  void aSoftwareNameBreakingKip511IsAnsweredInvalidRequest() throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(ApiVersionsWire.encodeRequest((short) 3, 1, "raw", "bad name!", "1.0"));
      byte[] frame = raw.readFrame();
      assertEquals(42, Frames.decodeResponse(frame, ApiVersionsResponseCodec.INSTANCE, (short) 3).body().errorCode());
    }
  }

  @Test
  void anUnknownApiKeyClosesTheConnectionAfterAnsweringWhatCameBefore() throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      byte[] echo = Frames.encodeRequest(new RequestHeader((short) 1000, (short) 1, 1, "raw"),
          io.kwire.net.EchoRequestCodec.INSTANCE, EchoRequest.of("first", 1));
      byte[] unknown = HexFormat.of().parseHex("0000000c" + "1f40" + "0000" + "00000002" + "0000" + "0000");
      raw.write(concat(echo, unknown));
      assertEquals(1, Frames.peekResponse(raw.readFrame()).correlationId());
      assertTrue(raw.closedByServer());
    }
  }

  @Test
  void aVersionTheHandlerDoesNotServeClosesTheConnection() throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(HexFormat.of().parseHex("0000000c" + "03e8" + "0007" + "00000001" + "0000" + "0000"));
      assertTrue(raw.closedByServer());
    }
  }

  @Test
  void aKnownApiWithoutHandlerClosesTheConnection() throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      raw.write(HexFormat.of().parseHex("0000000a" + "0003" + "0000" + "00000001" + "0000"));
      assertTrue(raw.closedByServer());
    }
  }

  @Test
  void aBodyThatDoesNotDecodeClosesTheConnection() throws Exception {
    try (RawConnection raw = new RawConnection(server.localAddress())) {
      // EchoRequest v0 claims a 100-byte text and ends.
      raw.write(HexFormat.of().parseHex("0000000c" + "03e8" + "0000" + "00000001" + "0000" + "0064"));
      assertTrue(raw.closedByServer());
    }
  }

  @Test
  void genericErrorResponsesExistWhereTheErrorCodeFollowsFixedFieldsOnly() {
    byte[] frame = ErrorResponses.unknownServerError(DescribeClusterResponseCodec.INSTANCE, (short) 1, 4);
    DescribeClusterResponse back = Frames.decodeResponse(frame, DescribeClusterResponseCodec.INSTANCE, (short) 1).body();
    assertEquals(-1, back.errorCode());
    assertEquals(4, Frames.peekResponse(frame).correlationId());
    assertNull(ErrorResponses.unknownServerError(MetadataResponseCodec.INSTANCE, (short) 12, 4));
    // The runtime's helper, which kwire-fake's controls use too: Fetch has its error code after the
    // fixed-size throttle time from v7, none before.
    byte[] fetch = io.kwire.runtime.TopLevelErrors.body(io.kwire.messages.FetchResponseCodec.INSTANCE, (short) 7,
        (short) 57);
    assertEquals(57, io.kwire.messages.FetchResponseCodec.INSTANCE.decode(fetch, (short) 7).errorCode());
    assertNull(io.kwire.runtime.TopLevelErrors.body(io.kwire.messages.FetchResponseCodec.INSTANCE, (short) 6,
        (short) 57));
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
