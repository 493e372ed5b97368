package io.kwire.tests.build;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Only kwire-json brings Jackson, and only jackson-core: a user without kwire-json gets no Jackson,
 * and one with it gets no databind.
 */
class JacksonStaysInJsonTest {
  private static final Path ROOT = Path.of(System.getProperty("kwire.rootDir", ".."));

  @ParameterizedTest
  @ValueSource(strings = {"annotations", "runtime", "processor", "messages"})
  void otherPublishedModulesDoNotDependOnJackson(String module) throws Exception {
    String pom = Files.readString(ROOT.resolve(module + "/pom.xml"));
    assertFalse(pom.contains("jackson"), module + "/pom.xml mentions jackson");
  }

  @Test
  void kwireJsonUsesTheStreamingApiOnly() throws Exception {
    String pom = Files.readString(ROOT.resolve("json/pom.xml"));
    assertTrue(pom.contains("<artifactId>jackson-core</artifactId>"));
    assertFalse(pom.contains("jackson-databind"), "kwire-json must not depend on databind");
  }
}
