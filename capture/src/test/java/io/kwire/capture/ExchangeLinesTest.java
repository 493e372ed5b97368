package io.kwire.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.json.JsonOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ExchangeLines} writes exactly {@link ExchangeJson#line} and a line break per exchange, for
 * every exchange of every real capture, whatever the options; and record data is left out, or
 * written as the captured batches' base64, as asked.
 */
class ExchangeLinesTest {
  private static final List<JsonOptions> OPTIONS = List.of(ExchangeJson.SAFE, ExchangeJson.SAFE.withRecordData(true),
      JsonOptions.DEFAULT, JsonOptions.DEFAULT.withRecordData(true));

  @ParameterizedTest
  @ValueSource(strings = {"kafka-clients-4.4.0-vs-kafka-4.4.0.pcap", "kafka-clients-4.4.0-vs-kwire-fake.pcap",
      "kafka-clients-0.10.2.2-vs-kwire-fake.pcap", "sasl-plain-vs-kafka-4.4.0.pcap"})
  void linesAreTheLinesOfExchangeJson(String name) throws IOException {
    List<Exchange> exchanges = Captures.read(RealCapturesTest.resource(name)).exchanges();
    for (JsonOptions options : OPTIONS) {
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      ByteArrayOutputStream written = new ByteArrayOutputStream();
      try (ExchangeLines lines = new ExchangeLines(written, options)) {
        for (Exchange exchange : exchanges) {
          expected.writeBytes((ExchangeJson.line(exchange, options) + "\n").getBytes(StandardCharsets.UTF_8));
          lines.write(exchange);
          // Each line is in the stream once written: a live capture's lines are not held back.
          assertEquals(expected.size(), written.size(), name + " " + options);
        }
      }
      assertArrayEquals(expected.toByteArray(), written.toByteArray(), name + " " + options);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"kafka-clients-4.4.0-vs-kafka-4.4.0.pcap", "kafka-clients-0.10.2.2-vs-kwire-fake.pcap"})
  void recordDataIsLeftOutUnlessAsked(String name) {
    List<Exchange> produces = Captures.read(RealCapturesTest.resource(name)).exchanges().stream()
        .filter(e -> e.api().equals("Produce") && e.request() != null).toList();
    assertFalse(produces.isEmpty(), name);
    for (Exchange produce : produces) {
      String safe = ExchangeJson.line(produce, ExchangeJson.SAFE);
      assertTrue(safe.contains("\"records\":\"\""), safe);
      String withData = ExchangeJson.line(produce, ExchangeJson.SAFE.withRecordData(true));
      io.kwire.messages.ProduceRequest request = (io.kwire.messages.ProduceRequest) produce.request();
      io.kwire.runtime.records.Records records = request.topicData().get(0).partitionData().get(0).records();
      byte[] batch = java.util.Arrays.copyOfRange(records.array(), records.arrayOffset(),
          records.arrayOffset() + records.sizeInBytes());
      assertTrue(batch.length > 0, name);
      assertTrue(withData.contains("\"records\":\"" + Base64.getEncoder().encodeToString(batch) + "\""), withData);
    }
  }
}
