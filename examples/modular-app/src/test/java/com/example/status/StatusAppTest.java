package com.example.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.runtime.records.Compression;
import io.kwire.runtime.records.RecordBatchBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Surefire runs these tests inside module com.example.status on the module path; the last one also
 * runs the program as a user would, {@code java --module-path ... -m com.example.status/...}.
 */
class StatusAppTest {
  @Test
  void theTestsRunInsideTheNamedModule() {
    assertEquals("com.example.status", StatusApp.class.getModule().getName());
    assertTrue(io.kwire.runtime.KwireRegistry.class.getModule().isNamed(), "kwire-runtime is module io.kwire.runtime");
  }

  /** KwireRegistry.standard() finds this module's codecs through its provides, and Kafka's through kwire-messages'. */
  @Test
  void theRegistryFindsTheModulesCodecs() {
    assertEquals("com.example.status: status codec from com.example.status, ApiVersions codec from io.kwire.messages",
        StatusApp.describeModules());
  }

  @Test
  void theApiIsServedAndCalledOverKwireNet() {
    assertEquals("orders is up", StatusApp.ask("orders"));
  }

  /**
   * kwire-runtime requires the compression libraries static, and this project does not add snappy-java:
   * the error names the module and how to resolve it.
   */
  @Test
  void aCompressionLibraryOutsideTheModuleGraphIsNamedAsAModule() {
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> RecordBatchBuilder.create(0L)
        .compression(Compression.SNAPPY).append(0L, null, new byte[] {1}).build());
    assertTrue(e.getMessage().startsWith("SNAPPY compression needs org.xerial.snappy:snappy-java as module snappy.java"
        + " (kwire-runtime requires it static: put it on the module path and resolve it, with --add-modules"
        + " snappy.java or a requires in your module)"), e.getMessage());
  }

  @Test
  void theProgramRunsOnTheModulePath() throws IOException, InterruptedException {
    String modulePath = System.getProperty("jdk.module.path");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(java.toString(), "--module-path", modulePath,
        "--module", "com.example.status/com.example.status.StatusApp", "billing")
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String output;
    try (InputStream in = process.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, process.exitValue(), output);
    assertEquals(List.of(
        "com.example.status: status codec from com.example.status, ApiVersions codec from io.kwire.messages",
        "billing is up"), output.lines().toList());
  }
}
