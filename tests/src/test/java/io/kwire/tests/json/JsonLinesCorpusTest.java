package io.kwire.tests.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.kwire.cli.Kwire;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.meta.MessageDescriptor;
import io.kwire.tests.differential.MessageFactory;
import io.kwire.tests.oracle.KafkaOracle;
import io.kwire.tests.oracle.KafkaOracles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The batch modes against kafka-clients: random messages (fixed seeds) of every API, both ways, at
 * every version kwire has, encoded by Kafka, go through {@code kwire decode --jsonl} (in this JVM,
 * as one stream): each {@code reencodedHex} must be Kafka's bytes and each JSON Kafka's
 * JsonConverter text; that JSON goes through {@code kwire encode --jsonl}, whose bytes must be
 * those of Kafka's reading of the same JSON. The corpus is left in {@code target/jsonl-corpus/} for timing the real command.
 */
class JsonLinesCorpusTest {
  private static final int PER_VERSION = Integer.getInteger("kwire.jsonl.count", 3);
  private static final JsonFactory JSON = new JsonFactory();
  private static final HexFormat HEX = HexFormat.of();
  /**
   * Kafka's converters write records fields ({@code records}, {@code unalignedRecords}) as "", the
   * batch modes keep the data: the text is compared without it, the bytes with it.
   */
  private static final Pattern RECORDS = Pattern.compile("(?<!\\\\)\"(\\w*[rR]ecords)\":\"[A-Za-z0-9+/=]*\"");

  private record Entry(String what, String api, String type, short version, String kafkaHex, String kafkaJson,
      KafkaOracle kafka, KafkaJsonConverters converter) {
    /**
     * The bytes of Kafka's reading of {@code json}, or null if Kafka refuses it (a float64 NaN is
     * written as "NaN", which Kafka does not read back). Not always {@link #kafkaHex}: JSON leaves
     * out unknown tagged fields, in Kafka as in kwire.
     */
    String kafkaBytesOf(String json) {
      try {
        return HEX.formatHex(kafka.serialize(converter.read(json, version), version));
      } catch (RuntimeException refused) {
        return null;
      }
    }
  }

  @Test
  void decodeAndEncodeJsonlRoundTripKafkasMessages() throws IOException {
    List<Entry> corpus = corpus();
    StringBuilder decodeIn = new StringBuilder();
    for (Entry e : corpus) {
      decodeIn.append(String.format(Locale.ROOT, "{\"api\":\"%s\",\"type\":\"%s\",\"version\":%d,\"bodyHex\":\"%s\"}%n",
          e.api(), e.type(), e.version(), e.kafkaHex()));
    }
    long start = System.nanoTime();
    List<String> decoded = run(decodeIn.toString(), "decode", "--jsonl");
    long decodeNanos = System.nanoTime() - start;
    assertEquals(corpus.size(), decoded.size(), "one answer per line");

    StringBuilder encodeIn = new StringBuilder();
    for (int i = 0; i < corpus.size(); i++) {
      Entry e = corpus.get(i);
      Answer answer = Answer.of(decoded.get(i));
      assertEquals(null, answer.error(), e.what());
      assertEquals(e.kafkaHex(), answer.hex(), e.what() + ": kwire's re-encoding differs from Kafka's bytes");
      assertEquals(e.kafkaJson(), RECORDS.matcher(answer.json()).replaceAll("\"$1\":\"\""),
          e.what() + ": kwire's JSON differs from Kafka's JsonConverter");
      encodeIn.append(String.format(Locale.ROOT, "{\"api\":\"%s\",\"type\":\"%s\",\"version\":%d,\"json\":%s}%n",
          e.api(), e.type(), e.version(), answer.json()));
    }
    start = System.nanoTime();
    List<String> encoded = run(encodeIn.toString(), "encode", "--jsonl");
    long encodeNanos = System.nanoTime() - start;
    assertEquals(corpus.size(), encoded.size(), "one answer per line");
    int refused = 0;
    int sameAsCorpus = 0;
    for (int i = 0; i < corpus.size(); i++) {
      Entry e = corpus.get(i);
      Answer answer = Answer.of(encoded.get(i));
      String kafkaBytes = e.kafkaBytesOf(Answer.of(decoded.get(i)).json());
      if (kafkaBytes == null) {
        assertTrue(answer.error() != null, e.what() + ": Kafka refuses the JSON, kwire encodes it");
        refused++;
        continue;
      }
      assertEquals(null, answer.error(), e.what());
      assertEquals(kafkaBytes, answer.hex(), e.what() + ": the JSON encodes to other bytes in kwire than in Kafka");
      sameAsCorpus += kafkaBytes.equals(e.kafkaHex()) ? 1 : 0;
    }
    // Only messages with unknown tagged fields may come back different.
    assertTrue(sameAsCorpus > corpus.size() / 2, sameAsCorpus + " of " + corpus.size() + " came back whole");
    assertTrue(corpus.size() > 2000, "a corpus of " + corpus.size());
    assertTrue(refused < corpus.size() / 100, refused + " refused");
    keep(decodeIn, encodeIn);
    System.out.printf(Locale.ROOT, "jsonl corpus: %d lines, %d back whole, %d refused as by Kafka; decode %.0f lines/s, encode %.0f lines/s (in-process,"
        + " cold JVM)%n", corpus.size(), sameAsCorpus, refused, corpus.size() * 1e9 / decodeNanos, corpus.size() * 1e9 / encodeNanos);
  }

  private static List<Entry> corpus() {
    List<Entry> corpus = new ArrayList<>();
    for (ApiMessageCodec<?> codec : KwireRegistry.standard().apis()) {
      if (!codec.messageType().getPackageName().equals("io.kwire.messages")) {
        continue; // this module's own test APIs: Kafka has no such messages
      }
      var versions = codec.descriptor().validVersions();
      for (int v = versions.lowest(); v <= versions.highest(); v++) {
        for (int i = 0; i < PER_VERSION; i++) {
          corpus.add(entry(codec, (short) v, JsonSeeds.of("jsonl " + codec.descriptor().name(), (short) v, i)));
        }
      }
    }
    return corpus;
  }

  private static <T> Entry entry(ApiMessageCodec<T> codec, short version, long seed) {
    MessageDescriptor descriptor = codec.descriptor();
    KafkaOracle kafka = KafkaOracles.current().supports(descriptor, version) ? KafkaOracles.current()
        : KafkaOracles.legacy();
    Object kafkaMessage = kafka.toKafka(MessageFactory.random(codec, version, seed), descriptor);
    KafkaJsonConverters converter = KafkaJsonConverters.forMessageClass(kafka.messageClass(descriptor).orElseThrow())
        .orElseThrow();
    String kafkaJson = converter.write(kafkaMessage, version);
    String name = descriptor.name().replaceFirst("(Request|Response)$", "");
    String what = descriptor.name() + " v" + version + " seed " + seed + " (kafka-clients " + kafka.label() + ")";
    return new Entry(what, name, codec.type().name().toLowerCase(Locale.ROOT), version,
        HEX.formatHex(kafka.serialize(kafkaMessage, version)), kafkaJson, kafka, converter);
  }

  private static List<String> run(String input, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Kwire.run(args, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    assertEquals("", err.toString(StandardCharsets.UTF_8), "quiet when stderr is not a terminal");
    return out.toString(StandardCharsets.UTF_8).lines().toList();
  }

  /** One output line: {@code json} as its text, {@code reencodedHex} or {@code bodyHex}, or {@code error}. */
  private record Answer(String json, String hex, String error) {
    static Answer of(String line) throws IOException {
      String json = null;
      String hex = null;
      String error = null;
      try (JsonParser p = JSON.createParser(line)) {
        assertEquals(JsonToken.START_OBJECT, p.nextToken(), line);
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          p.nextToken();
          switch (key) {
            case "json" -> {
              StringWriter text = new StringWriter();
              try (JsonGenerator g = JSON.createGenerator(text)) {
                g.copyCurrentStructure(p);
              }
              json = text.toString();
            }
            case "reencodedHex", "bodyHex" -> hex = p.getText();
            case "error" -> error = p.getText();
            default -> throw new AssertionError("unexpected key " + key + " in " + line);
          }
        }
      }
      return new Answer(json, hex, error);
    }
  }

  private static void keep(CharSequence decodeIn, CharSequence encodeIn) throws IOException {
    Path dir = Path.of("target", "jsonl-corpus");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("decode.jsonl"), decodeIn);
    Files.writeString(dir.resolve("encode.jsonl"), encodeIn);
  }
}
