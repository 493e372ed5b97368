package io.kwire.tests.processor;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files of generated sources, kept under {@code src/test/resources/goldens/<TestClass>/<method>/}.
 * With {@code -Dkwire.updateGoldens=true} the actual text is written back into the source tree
 * instead of being compared (run from the module directory, as Maven does).
 */
final class Goldens {
  static final String UPDATE_PROPERTY = "kwire.updateGoldens";
  private static final Path SOURCE_ROOT = Path.of("src", "test", "resources");

  private Goldens() {}

  static boolean updating() {
    return Boolean.getBoolean(UPDATE_PROPERTY);
  }

  /** The golden text at {@code resource}, or the actual text (written back) when updating. */
  static String expected(String resource, String actual) {
    if (updating()) {
      Path file = SOURCE_ROOT.resolve(resource);
      try {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("Could not update golden " + file.toAbsolutePath(), e);
      }
      return actual;
    }
    try (InputStream in = Goldens.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        fail("Missing golden " + SOURCE_ROOT.resolve(resource) + "; create it by running the test with -D"
            + UPDATE_PROPERTY + "=true, then review and commit it.");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
