package io.kwire.tests.userapi;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.kwire.processor.KwireProcessor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaFileObject;

/**
 * A user's source compiled by the real processor, its class files and service file written to a
 * directory, as a user's jar would carry them, so that a class loader can be made over it.
 */
final class CompiledUserApi {
  private static final String CLASS_OUTPUT = "/CLASS_OUTPUT/";

  private CompiledUserApi() {}

  static void compileInto(Path dir, String className, String source) throws IOException {
    Compilation c = javac().withProcessors(new KwireProcessor()).withOptions("-Xlint:all")
        .compile(JavaFileObjects.forSourceString(className, source));
    assertThat(c).succeededWithoutWarnings();
    for (JavaFileObject file : c.generatedFiles()) {
      String uriPath = file.toUri().getPath();
      if (!uriPath.startsWith(CLASS_OUTPUT)) {
        continue; // generated sources: their class files are what counts
      }
      Path target = dir.resolve(uriPath.substring(CLASS_OUTPUT.length()).replaceFirst("^/+", ""));
      Files.createDirectories(target.getParent());
      try (InputStream in = file.openInputStream()) {
        Files.copy(in, target);
      }
    }
  }
}
