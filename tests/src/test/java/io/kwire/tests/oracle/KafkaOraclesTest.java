package io.kwire.tests.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.RequestHeaderCodec;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/** The two kafka-clients versions are really both there, and really kept apart. */
class KafkaOraclesTest {
  @Test
  void onlyTheLegacyOracleHasRequestHeaderVersion0() {
    assertFalse(KafkaOracles.current().supports(RequestHeaderCodec.DESCRIPTOR, (short) 0));
    assertTrue(KafkaOracles.legacy().supports(RequestHeaderCodec.DESCRIPTOR, (short) 0));
    assertTrue(KafkaOracles.current().supports(RequestHeaderCodec.DESCRIPTOR, (short) 2));
  }

  @Test
  void theLegacyClassesComeFromTheirOwnLoader() {
    Class<?> legacy = KafkaOracles.legacy().messageClass(RequestHeaderCodec.DESCRIPTOR).orElseThrow();
    Class<?> current = KafkaOracles.current().messageClass(RequestHeaderCodec.DESCRIPTOR).orElseThrow();
    assertNotSame(legacy, current);
    assertEquals(legacy.getName(), current.getName());
    assertNotSame(KafkaOraclesTest.class.getClassLoader(), legacy.getClassLoader());
  }

  @Test
  void bothOraclesAgreeOnAVersionBothHave() {
    RequestHeader header = new RequestHeader((short) 3, (short) 12, 7, "client-é");
    byte[] current = KafkaOracles.current().encode(header, RequestHeaderCodec.DESCRIPTOR, (short) 1);
    byte[] legacy = KafkaOracles.legacy().encode(header, RequestHeaderCodec.DESCRIPTOR, (short) 1);
    assertEquals(ByteBuffer.wrap(current), ByteBuffer.wrap(legacy));
  }

  /** Kafka's message classes need nothing but their own jar (records fields aside: see KafkaOracles). */
  @Test
  void everyLegacyMessageClassLoadsFromTheJarAlone() throws Exception {
    Path jar = Path.of(System.getProperty(KafkaOracles.LEGACY_JAR_PROPERTY));
    List<String> names = messageClassNames(jar);
    assertTrue(names.size() > 150, "only " + names.size() + " message classes in " + jar);
    try (URLClassLoader alone = new URLClassLoader(new URL[] {jar.toUri().toURL()},
        ClassLoader.getPlatformClassLoader())) {
      KafkaRuntime kafka = new KafkaRuntime(alone);
      for (String name : names) {
        Object message = Class.forName(name, true, alone).getConstructor().newInstance();
        short highest = (Short) message.getClass().getMethod("highestSupportedVersion").invoke(message);
        kafka.serialize(message, highest);
      }
    }
  }

  private static List<String> messageClassNames(Path jar) throws IOException {
    List<String> names = new ArrayList<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      file.stream().map(e -> e.getName())
          .filter(n -> n.startsWith("org/apache/kafka/common/message/") && n.endsWith(".class"))
          .filter(n -> !n.contains("$") && !n.contains("JsonConverter") && !n.endsWith("/ApiMessageType.class"))
          .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
          .forEach(names::add);
    }
    return names;
  }
}
