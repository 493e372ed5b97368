package io.kwire.tests.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.Frames;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeader;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.tests.Hex;
import io.kwire.tests.oracle.KafkaOracle;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The seed pages' instance of every (api key, request|response, version): numbers zero, strings and
 * bytes empty, every array one element, records one empty 61-byte RecordBatch v2, tagged fields
 * absent. kwire's whole frame (size, header at the version Kafka picks, body) must equal Kafka's.
 */
class MinimalFramesTest {
  private static final AtomicInteger FRAMES = new AtomicInteger();

  @TestFactory
  Stream<DynamicTest> minimalFramesEqualKafkas() {
    // Kafka's own APIs: a user's (the tests' key 10000) has no Kafka class to compare with.
    return KwireRegistry.standard().apis().stream()
        .filter(codec -> codec.messageType().getPackageName().equals("io.kwire.messages"))
        .map(codec ->
        DynamicTest.dynamicTest(codec.descriptor().name(), () -> check(codec)));
  }

  private static <T> void check(ApiMessageCodec<T> codec) {
    MessageDescriptor d = codec.descriptor();
    for (int v = d.validVersions().lowest(); v <= d.validVersions().highest(); v++) {
      short version = (short) v;
      OracleChoice choice = OracleChoice.of(d, version);
      assertTrue(choice.exists(), () -> choice.reason());
      KafkaOracle kafka = choice.oracle();
      boolean request = d.type() == MessageType.REQUEST;
      short headerVersion = codec.headerVersion(version);
      assertEquals(kafka.headerVersion(d.apiKey(), request, version), headerVersion,
          d.name() + " v" + version + ": header version");

      T body = MessageFactory.minimal(codec, version);
      byte[] kwire;
      byte[] header;
      if (request) {
        RequestHeader h = new RequestHeader(d.apiKey(), version, 0, "");
        kwire = Frames.encodeRequest(h, codec, body);
        header = kafka.encode(h, RequestHeaderCodec.DESCRIPTOR, headerVersion);
      } else {
        ResponseHeader h = new ResponseHeader(0);
        kwire = Frames.encodeResponse(h, codec, version, body);
        header = kafka.encode(h, ResponseHeaderCodec.DESCRIPTOR, headerVersion);
      }
      byte[] kafkaBody = kafka.encode(body, d, version);
      ByteArrayOutputStream frame = new ByteArrayOutputStream();
      frame.writeBytes(ByteBuffer.allocate(4).putInt(header.length + kafkaBody.length).array());
      frame.writeBytes(header);
      frame.writeBytes(kafkaBody);
      assertEquals(Hex.of(frame.toByteArray()), Hex.of(kwire),
          d.name() + " v" + version + " (kafka-clients " + kafka.label() + "): minimal frame");
      FRAMES.incrementAndGet();
    }
  }

  @AfterAll
  static void report() {
    System.out.println("kwire minimal frames: " + FRAMES.get() + " (api key, request|response, version) frames equal Kafka's");
  }
}
