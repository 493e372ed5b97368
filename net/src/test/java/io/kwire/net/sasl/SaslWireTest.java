package io.kwire.net.sasl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.kwire.messages.SaslAuthenticateRequest;
import io.kwire.messages.SaslAuthenticateRequestCodec;
import io.kwire.messages.SaslAuthenticateResponse;
import io.kwire.messages.SaslAuthenticateResponseCodec;
import io.kwire.messages.SaslHandshakeRequest;
import io.kwire.messages.SaslHandshakeRequestCodec;
import io.kwire.messages.SaslHandshakeResponse;
import io.kwire.messages.SaslHandshakeResponseCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import io.kwire.runtime.wire.UnknownTaggedFields;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.kafka.common.message.SaslAuthenticateRequestData;
import org.apache.kafka.common.message.SaslAuthenticateResponseData;
import org.apache.kafka.common.message.SaslHandshakeRequestData;
import org.apache.kafka.common.message.SaslHandshakeResponseData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Message;
import org.apache.kafka.common.protocol.MessageUtil;
import org.apache.kafka.common.protocol.types.RawTaggedField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * kwire-net's hand-written SaslHandshake and SaslAuthenticate, byte for byte against kwire-messages'
 * generated codecs (whole frames) and Kafka's own message classes (bodies), at every version.
 */
class SaslWireTest {
  private static final String CLIENT_ID = "kwire-test";
  private static final int CORRELATION_ID = 0x01020304;
  // Bytes a mechanism may send: NULs (PLAIN's separators), high bytes, more than 127 of them (varint length of 2 bytes).
  private static final byte[] AUTH_BYTES = authBytes();

  private static byte[] authBytes() {
    byte[] bytes = new byte[200];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 37);
    }
    return bytes;
  }

  private static byte[] kafkaBody(Message message, int version) {
    ByteBuffer buffer = MessageUtil.toByteBufferAccessor(message, (short) version).buffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  private static byte[] body(byte[] frame, int headerLength) {
    return java.util.Arrays.copyOfRange(frame, headerLength, frame.length);
  }

  private static int requestHeaderLength(short headerVersion) {
    return 4 + 2 + 2 + 4 + 2 + CLIENT_ID.length() + (headerVersion >= 2 ? 1 : 0);
  }

  @Test
  void theVersionsAreKafkasAndKwireMessages() {
    assertEquals(ApiKeys.SASL_HANDSHAKE.oldestVersion(), SaslHandshakeWire.VERSIONS.lowest());
    assertEquals(ApiKeys.SASL_HANDSHAKE.latestVersion(), SaslHandshakeWire.VERSIONS.highest());
    assertEquals(ApiKeys.SASL_AUTHENTICATE.oldestVersion(), SaslAuthenticateWire.VERSIONS.lowest());
    assertEquals(ApiKeys.SASL_AUTHENTICATE.latestVersion(), SaslAuthenticateWire.VERSIONS.highest());
    assertEquals(ApiKeys.SASL_HANDSHAKE.id, SaslHandshakeWire.API_KEY);
    assertEquals(ApiKeys.SASL_AUTHENTICATE.id, SaslAuthenticateWire.API_KEY);
  }

  @ParameterizedTest
  @ValueSource(shorts = {0, 1})
  void handshakeRequest(short version) {
    String mechanism = "SCRAM-SHA-512";
    byte[] ours = SaslHandshakeWire.encodeRequest(version, CORRELATION_ID, CLIENT_ID, new SaslHandshakeWire.Request(mechanism));
    assertArrayEquals(Frames.encodeRequest(new RequestHeader(SaslHandshakeWire.API_KEY, version, CORRELATION_ID, CLIENT_ID),
        SaslHandshakeRequestCodec.INSTANCE, new SaslHandshakeRequest(mechanism)), ours);
    byte[] kafka = kafkaBody(new SaslHandshakeRequestData().setMechanism(mechanism), version);
    assertArrayEquals(kafka, body(ours, requestHeaderLength((short) 1)));
    assertEquals(mechanism, SaslHandshakeWire.decodeRequest(ours, DecodeOptions.STRICT).mechanism());
    assertEquals(mechanism, SaslHandshakeWire.readRequestBody(new WireReader(kafka)).mechanism());
  }

  @ParameterizedTest
  @ValueSource(shorts = {0, 1})
  void handshakeResponse(short version) {
    List<String> mechanisms = List.of("SCRAM-SHA-512", "SCRAM-SHA-256", "PLAIN");
    SaslHandshakeWire.Response response = new SaslHandshakeWire.Response((short) 33, mechanisms);
    byte[] ours = SaslHandshakeWire.encodeResponse(CORRELATION_ID, response);
    assertArrayEquals(Frames.encodeResponse(new ResponseHeader(CORRELATION_ID), SaslHandshakeResponseCodec.INSTANCE, version,
        new SaslHandshakeResponse((short) 33, mechanisms)), ours);
    byte[] kafka = kafkaBody(new SaslHandshakeResponseData().setErrorCode((short) 33).setMechanisms(mechanisms), version);
    assertArrayEquals(kafka, body(ours, 8));
    assertEquals(response, SaslHandshakeWire.decodeResponse(ours, DecodeOptions.STRICT));
    assertEquals(response, SaslHandshakeWire.readResponseBody(new WireReader(kafka)));
  }

  @ParameterizedTest
  @ValueSource(shorts = {0, 1, 2})
  void authenticateRequest(short version) {
    byte[] ours = SaslAuthenticateWire.encodeRequest(version, CORRELATION_ID, CLIENT_ID, new SaslAuthenticateWire.Request(AUTH_BYTES));
    assertArrayEquals(Frames.encodeRequest(new RequestHeader(SaslAuthenticateWire.API_KEY, version, CORRELATION_ID, CLIENT_ID),
        SaslAuthenticateRequestCodec.INSTANCE, new SaslAuthenticateRequest(AUTH_BYTES, UnknownTaggedFields.EMPTY)), ours);
    byte[] kafka = kafkaBody(new SaslAuthenticateRequestData().setAuthBytes(AUTH_BYTES), version);
    assertArrayEquals(kafka, body(ours, requestHeaderLength(SaslAuthenticateWire.requestHeaderVersion(version))));
    assertArrayEquals(AUTH_BYTES, SaslAuthenticateWire.decodeRequest(ours, version, DecodeOptions.STRICT).authBytes());
    assertArrayEquals(AUTH_BYTES, SaslAuthenticateWire.readRequestBody(new WireReader(kafka), version).authBytes());
  }

  @ParameterizedTest
  @ValueSource(shorts = {0, 1, 2})
  void authenticateResponses(short version) {
    assertAuthenticateResponse(version, (short) 0, null, AUTH_BYTES, 3_600_000L);
    assertAuthenticateResponse(version, (short) 58, "Authentication failed: Invalid username or password ü", new byte[0], 0L);
  }

  private static void assertAuthenticateResponse(short version, short errorCode, String message, byte[] authBytes,
      long lifetimeMs) {
    SaslAuthenticateWire.Response response = new SaslAuthenticateWire.Response(errorCode, message, authBytes, lifetimeMs);
    byte[] ours = SaslAuthenticateWire.encodeResponse(CORRELATION_ID, version, response);
    assertArrayEquals(Frames.encodeResponse(new ResponseHeader(CORRELATION_ID), SaslAuthenticateResponseCodec.INSTANCE, version,
        new SaslAuthenticateResponse(errorCode, message, authBytes, lifetimeMs, UnknownTaggedFields.EMPTY)), ours);
    byte[] kafka = kafkaBody(new SaslAuthenticateResponseData().setErrorCode(errorCode).setErrorMessage(message)
        .setAuthBytes(authBytes).setSessionLifetimeMs(lifetimeMs), version);
    assertArrayEquals(kafka, body(ours, version >= 2 ? 9 : 8));
    for (SaslAuthenticateWire.Response read : List.of(SaslAuthenticateWire.decodeResponse(ours, version, DecodeOptions.STRICT),
        SaslAuthenticateWire.readResponseBody(new WireReader(kafka), version))) {
      assertEquals(errorCode, read.errorCode());
      assertEquals(message, read.errorMessage());
      assertArrayEquals(authBytes, read.authBytes());
      assertEquals(version >= 1 ? lifetimeMs : 0L, read.sessionLifetimeMs()); // not on the wire at v0
    }
  }

  @Test
  void unknownTaggedFieldsAreSkippedAndTrailingBytesRefused() {
    SaslAuthenticateRequestData tagged = new SaslAuthenticateRequestData().setAuthBytes(AUTH_BYTES);
    tagged.unknownTaggedFields().add(new RawTaggedField(7, new byte[] {1, 2, 3}));
    assertArrayEquals(AUTH_BYTES,
        SaslAuthenticateWire.readRequestBody(new WireReader(kafkaBody(tagged, 2)), (short) 2).authBytes());

    WireWriter out = new WireWriter();
    SaslAuthenticateWire.writeRequestBody(out, new SaslAuthenticateWire.Request(AUTH_BYTES), (short) 1);
    out.writeInt8((byte) 0);
    byte[] trailing = out.toByteArray();
    assertThrows(KwireProtocolException.class,
        () -> SaslAuthenticateWire.readRequestBody(new WireReader(trailing), (short) 1));
  }
}
