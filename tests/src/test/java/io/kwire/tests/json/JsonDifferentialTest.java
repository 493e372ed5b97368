package io.kwire.tests.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.kwire.json.JsonOptions;
import io.kwire.json.KwireJson;
import io.kwire.json.KwireJsonException;
import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.differential.MessageFactory;
import io.kwire.tests.oracle.KafkaOracle;
import io.kwire.tests.oracle.KafkaOracles;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * kwire's JSON against Kafka's generated JsonConverter classes, for every message and every version
 * kwire has: kafka-clients 4.4.0 judges the versions it has, 3.9.1 (in its own class loader) the
 * versions 4.x removed. Random messages (fixed seeds) and the minimal message render to exactly
 * Kafka's text, and Kafka's JSON read by kwire encodes to the bytes of Kafka's own reading of it.
 */
class JsonDifferentialTest {
  /** Random messages per version; raise it locally with {@code -Dkwire.json.count=50}. */
  private static final int RANDOM_PER_VERSION = Integer.getInteger("kwire.json.count", 2);
  private static final AtomicInteger CHECKED = new AtomicInteger();

  @TestFactory
  Stream<DynamicContainer> kwireJsonIsKafkasJson() {
    return codecs().stream().map(codec -> dynamicContainer(codec.descriptor().name(), versionTests(codec)));
  }

  @AfterAll
  static void atLeastEveryMessageWasChecked() {
    // 201 messages plus the headers, each at one version at least, several messages per version.
    assertTrue(CHECKED.get() > 1000, "only " + CHECKED.get() + " messages were compared");
    System.out.println("JSON differential: " + CHECKED.get() + " messages equal to Kafka's JSON");
  }

  static List<MessageCodec<?>> codecs() {
    List<MessageCodec<?>> codecs = new ArrayList<>(List.of(RequestHeaderCodec.INSTANCE, ResponseHeaderCodec.INSTANCE));
    for (MessageCodec<?> codec : KwireRegistry.standard().codecs()) {
      if (codec.messageType().getPackageName().equals("io.kwire.messages") && !codecs.contains(codec)) {
        codecs.add(codec);
      }
    }
    return codecs;
  }

  private static Stream<DynamicTest> versionTests(MessageCodec<?> codec) {
    VersionRange versions = codec.descriptor().validVersions();
    return IntStream.rangeClosed(versions.lowest(), versions.highest())
        .mapToObj(v -> dynamicTest("v" + v, () -> check(codec, oracle(codec, (short) v), (short) v)));
  }

  /** 4.4.0 where it has the version, else 3.9.1; every version kwire declares has one of them. */
  private static KafkaOracle oracle(MessageCodec<?> codec, short version) {
    for (KafkaOracle kafka : List.of(KafkaOracles.current(), KafkaOracles.legacy())) {
      if (kafka.supports(codec.descriptor(), version)) {
        return kafka;
      }
    }
    throw new AssertionError(codec.descriptor().name() + " v" + version + ": neither kafka-clients has it");
  }

  private static <T> void check(MessageCodec<T> codec, KafkaOracle kafka, short version) {
    Class<?> kafkaClass = kafka.messageClass(codec.descriptor()).orElseThrow();
    Optional<KafkaJsonConverters> converter = KafkaJsonConverters.forMessageClass(kafkaClass);
    assertTrue(converter.isPresent(), "kafka-clients has no JsonConverter for " + kafkaClass.getName());
    String name = codec.descriptor().name();
    for (int i = 0; i < RANDOM_PER_VERSION; i++) {
      long seed = JsonSeeds.of(name, version, i);
      compare(codec, kafka, converter.get(), version, MessageFactory.random(codec, version, seed), "seed " + seed);
    }
    compare(codec, kafka, converter.get(), version, MessageFactory.minimal(codec, version), "minimal message");
  }

  private static <T> void compare(MessageCodec<T> codec, KafkaOracle kafka, KafkaJsonConverters converter,
      short version, T message, String what) {
    String context = codec.descriptor().name() + " v" + version + " (" + what + ", kafka-clients " + kafka.label() + ")";
    Object kafkaMessage = kafka.toKafka(message, codec.descriptor());
    String kafkaJson = converter.write(kafkaMessage, version);
    assertEquals(kafkaJson, KwireJson.write(codec, message, version), context + ": kwire's JSON differs from Kafka's");
    Object kafkaRead;
    try {
      kafkaRead = converter.read(kafkaJson, version);
    } catch (RuntimeException refused) {
      // Kafka cannot read all it writes (a float64 NaN becomes the string "NaN"): kwire refuses it too.
      assertThrows(KwireJsonException.class, () -> KwireJson.read(codec, kafkaJson, version),
          context + ": Kafka refuses its own JSON (" + refused.getMessage() + "), kwire reads it");
      CHECKED.incrementAndGet();
      return;
    }
    // Kafka's JSON leaves out record data and unknown tagged fields: compare with Kafka's reading of it.
    byte[] kafkaBytes = kafka.serialize(kafkaRead, version);
    assertArrayEquals(kafkaBytes, KwireJson.jsonToBytes(codec, kafkaJson, version),
        context + ": Kafka's JSON read by kwire does not encode to Kafka's bytes");
    // With record data, kwire's JSON carries the whole message: it reads back to kwire's bytes.
    String full = KwireJson.write(codec, message, version, JsonOptions.DEFAULT.withRecordData(true));
    assertArrayEquals(kafka.serialize(converter.read(full, version), version), KwireJson.jsonToBytes(codec, full, version),
        context + ": JSON with record data, read by Kafka and by kwire, encodes differently");
    CHECKED.incrementAndGet();
  }
}
