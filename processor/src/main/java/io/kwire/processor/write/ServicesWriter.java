package io.kwire.processor.write;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import javax.annotation.processing.Filer;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/** Registers the generated codecs for {@link java.util.ServiceLoader}, which the registry reads. */
public final class ServicesWriter {
  public static final String SERVICE_FILE = "META-INF/services/io.kwire.runtime.MessageCodec";

  private ServicesWriter() {}

  public static void write(Filer filer, Set<String> codecClasses) throws IOException {
    FileObject file = filer.createResource(StandardLocation.CLASS_OUTPUT, "", SERVICE_FILE);
    try (Writer w = new java.io.OutputStreamWriter(file.openOutputStream(), StandardCharsets.UTF_8)) {
      for (String codec : codecClasses) {
        w.write(codec);
        w.write('\n');
      }
    }
  }
}
