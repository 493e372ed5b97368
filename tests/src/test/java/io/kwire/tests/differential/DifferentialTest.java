package io.kwire.tests.differential;

import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import io.kwire.runtime.KwireRegistry;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RequestHeaderCodec;
import io.kwire.runtime.ResponseHeaderCodec;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.tests.oracle.KafkaOracles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * kwire against Apache Kafka, for every codec on the class path (the generated ones, found through
 * {@link KwireRegistry#standard()}, plus the two headers) and every version it declares: random
 * messages and the minimal message must encode to Kafka's bytes, and each side must read the
 * other's bytes back to the same content. See {@link DifferentialSettings} to narrow a local run.
 */
class DifferentialTest {
  private static final DifferentialSettings SETTINGS = DifferentialSettings.fromEnvironment();
  private static final DifferentialSummary SUMMARY = new DifferentialSummary();

  @TestFactory
  Stream<DynamicContainer> kwireEncodesAndDecodesLikeKafka() {
    return codecs().stream()
        .filter(codec -> SETTINGS.includes(codec.descriptor().name()))
        .map(codec -> dynamicContainer(codec.descriptor().name(), versionTests(codec)));
  }

  /**
   * The headers are judged by Kafka's own header classes, over every version those have: the
   * factory above checks the versions kwire declares, this that kwire declares all of Kafka's.
   */
  @Test
  void theHeadersAreCheckedAgainstKafkasHeaderClassesOverAllTheirVersions() throws ReflectiveOperationException {
    for (MessageCodec<?> header : List.of(RequestHeaderCodec.INSTANCE, ResponseHeaderCodec.INSTANCE)) {
      String name = header.descriptor().name();
      Class<?> current = KafkaOracles.current().messageClass(header.descriptor()).orElseThrow();
      Class<?> legacy = KafkaOracles.legacy().messageClass(header.descriptor()).orElseThrow();
      Assertions.assertEquals("org.apache.kafka.common.message." + name + "Data", current.getName());
      Assertions.assertEquals(current.getName(), legacy.getName());
      VersionRange versions = header.descriptor().validVersions();
      Assertions.assertEquals(Math.min(supported(current, "LOWEST"), supported(legacy, "LOWEST")), versions.lowest(),
          name);
      Assertions.assertEquals(Math.max(supported(current, "HIGHEST"), supported(legacy, "HIGHEST")), versions.highest(),
          name);
      Assertions.assertTrue(codecs().contains(header), name + " is not among the codecs checked");
    }
  }

  private static short supported(Class<?> kafkaMessage, String end) throws ReflectiveOperationException {
    return kafkaMessage.getField(end + "_SUPPORTED_VERSION").getShort(null);
  }

  @AfterAll
  static void printSummary() {
    System.out.println(SUMMARY.render());
  }

  /**
   * Kafka's messages (kwire-messages) and the hand-written headers, each once. A user's own API (the
   * tests' key 10000) has nothing in Kafka to compare with; it is not Kafka's protocol.
   */
  static List<MessageCodec<?>> codecs() {
    Map<Class<?>, MessageCodec<?>> byClass = new LinkedHashMap<>();
    byClass.put(RequestHeaderCodec.class, RequestHeaderCodec.INSTANCE);
    byClass.put(ResponseHeaderCodec.class, ResponseHeaderCodec.INSTANCE);
    for (MessageCodec<?> codec : KwireRegistry.standard().codecs()) {
      if (codec.messageType().getPackageName().equals("io.kwire.messages")) {
        byClass.putIfAbsent(codec.getClass(), codec);
      }
    }
    return new ArrayList<>(byClass.values());
  }

  private static Stream<DynamicTest> versionTests(MessageCodec<?> codec) {
    VersionRange versions = codec.descriptor().validVersions();
    return IntStream.rangeClosed(versions.lowest(), versions.highest())
        .mapToObj(v -> dynamicTest("v" + v, () -> checkVersion(codec, (short) v)));
  }

  private static <T> void checkVersion(MessageCodec<T> codec, short version) {
    String name = codec.descriptor().name();
    OracleChoice choice = OracleChoice.of(codec.descriptor(), version);
    if (!choice.exists()) {
      // Every version kwire declares is one that 4.4.0 or 3.9.1 speaks: a version without an oracle is a bug.
      SUMMARY.skipped(name + " v" + version, choice.reason());
      Assertions.fail(choice.reason());
    }
    DifferentialCheck<T> check = new DifferentialCheck<>(codec, choice.oracle(), version);
    for (int i = 0; i < SETTINGS.count(); i++) {
      long seed = Seeds.of(name, version, i);
      String what = "random message " + i + ", seed " + seed;
      check.check(generate(() -> MessageFactory.random(codec, version, seed), name, version, what), what);
    }
    check.check(generate(() -> MessageFactory.minimal(codec, version), name, version, "minimal"), "minimal message");
    SUMMARY.checked(choice.oracle().label(), SETTINGS.count() + 1);
  }

  private interface Generator<T> {
    T generate();
  }

  private static <T> T generate(Generator<T> generator, String name, short version, String what) {
    try {
      return generator.generate();
    } catch (RuntimeException e) {
      throw new AssertionError(name + " v" + version + ": cannot build the " + what + ": " + e, e);
    }
  }
}
