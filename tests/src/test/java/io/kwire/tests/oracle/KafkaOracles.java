package io.kwire.tests.oracle;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The two oracles: kafka-clients 4.4.0 from the test class path, and kafka-clients 3.9.1 (for
 * versions 4.x removed) from the jar named by system property {@value #LEGACY_JAR_PROPERTY}, in
 * its own class loader so that the two versions never meet.
 */
public final class KafkaOracles {
  public static final String LEGACY_JAR_PROPERTY = "kwire.legacyKafkaJar";
  public static final String CURRENT_VERSION = "4.4.0";
  public static final String LEGACY_VERSION = "3.9.1";

  private KafkaOracles() {}

  private static final class Current {
    static final KafkaOracle INSTANCE = new KafkaOracle(CURRENT_VERSION, KafkaOracles.class.getClassLoader());
  }

  private static final class Legacy {
    static final KafkaOracle INSTANCE = new KafkaOracle(LEGACY_VERSION, legacyLoader());
  }

  public static KafkaOracle current() {
    return Current.INSTANCE;
  }

  public static KafkaOracle legacy() {
    return Legacy.INSTANCE;
  }

  /**
   * kafka-clients 3.9.1 over the platform class loader. The message classes need nothing else, but
   * MemoryRecords (read for records fields) has an slf4j logger, so slf4j-api joins it, and the
   * JsonConverter classes need Jackson.
   */
  static ClassLoader legacyLoader() {
    String property = System.getProperty(LEGACY_JAR_PROPERTY);
    if (property == null || property.isBlank()) {
      throw new IllegalStateException("system property " + LEGACY_JAR_PROPERTY + " is not set (surefire sets it)");
    }
    Path jar = Path.of(property);
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(LEGACY_JAR_PROPERTY + " names a missing file: " + jar);
    }
    List<URL> urls = new ArrayList<>();
    try {
      urls.add(jar.toUri().toURL());
    } catch (MalformedURLException e) {
      throw new IllegalStateException(e);
    }
    // SLF4J and its no-op binding (slf4j-nop), so that the legacy client logs nothing and says nothing about it;
    // Jackson (core, databind, annotations), which Kafka's JsonConverter classes need (the JSON tests).
    // (slf4j-nop 2.0: a provider, found through ServiceLoader in the loader of slf4j-api).
    for (String className : new String[] {"org.slf4j.LoggerFactory", "org.slf4j.nop.NOPServiceProvider",
        "com.fasterxml.jackson.core.JsonParser", "com.fasterxml.jackson.databind.JsonNode",
        "com.fasterxml.jackson.annotation.JsonProperty"}) {
      URL location = jarOf(className);
      if (location != null) {
        urls.add(location);
      }
    }
    return new URLClassLoader("kafka-clients-" + LEGACY_VERSION, urls.toArray(URL[]::new),
        ClassLoader.getPlatformClassLoader());
  }

  private static URL jarOf(String className) {
    try {
      Class<?> c = Class.forName(className, false, KafkaOracles.class.getClassLoader());
      return c.getProtectionDomain().getCodeSource().getLocation();
    } catch (ClassNotFoundException e) {
      return null;
    }
  }
}
