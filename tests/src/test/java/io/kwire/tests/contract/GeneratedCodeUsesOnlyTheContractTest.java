package io.kwire.tests.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.messages.HeartbeatRequestCodec;
import io.kwire.runtime.MessageBuilder;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.generated.GeneratedContract;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reads the compiled codecs and builders of kwire-messages and checks that every runtime type and
 * member they link against is in the recorded contract of {@link GeneratedContract#VERSION}, so the
 * record cannot silently miss something the processor emits.
 */
class GeneratedCodeUsesOnlyTheContractTest {
  @Test
  void compiledCodecsReferenceOnlyRecordedMembers() throws Exception {
    Set<String> contract = recordedContract();
    Set<String> used = new TreeSet<>();
    int classes = 0;
    for (byte[] classFile : generatedClassFiles()) {
      classes++;
      ClassReferences refs = ClassReferences.read(classFile);
      for (ClassReferences.Member m : refs.members) {
        if (isKwire(m.owner())) {
          used.add(m.signature());
        }
      }
      for (String type : refs.types) {
        if (isKwire(type)) {
          used.add("type " + type);
        }
      }
    }
    assertTrue(classes > 300, "found only " + classes + " generated classes");
    // Guards the reader itself: these are in every flexible codec.
    assertTrue(used.contains("io.kwire.runtime.wire.WireWriter#writeTaggedSection(io.kwire.runtime.wire.UnknownTaggedFields) : void"), used.toString());
    assertTrue(used.contains("type io.kwire.runtime.MessageCodec"), used.toString());
    List<String> missing = new ArrayList<>(used);
    missing.removeAll(contract);
    assertEquals(List.of(), missing, "generated code links against members outside contract-v" + GeneratedContract.VERSION
        + ".txt: add them to the runtime's contract (a new contract version), or make the processor use recorded ones");
  }

  /** The recorded lines without modifiers: a class file names a member, not whether it is static. */
  private static Set<String> recordedContract() throws IOException {
    String file = "contract-v" + GeneratedContract.VERSION + ".txt";
    try (InputStream in = GeneratedContract.class.getResourceAsStream(file)) {
      assertNotNull(in, file);
      Set<String> lines = new TreeSet<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList()) {
        if (!line.isBlank() && !line.startsWith("#")) {
          lines.add(line.replaceFirst("^static ", "").replaceFirst("^abstract ", ""));
        }
      }
      return lines;
    }
  }

  private static boolean isKwire(String type) {
    return type.startsWith("io.kwire.runtime.") || type.startsWith("io.kwire.annotations.");
  }

  /** Codecs and builders (with their nested builders) of the messages module, from its directory or jar. */
  private static List<byte[]> generatedClassFiles() throws Exception {
    URI location = HeartbeatRequestCodec.class.getProtectionDomain().getCodeSource().getLocation().toURI();
    Path root = Path.of(location);
    if (Files.isDirectory(root)) {
      return generatedClassFiles(root);
    }
    try (FileSystem jar = FileSystems.newFileSystem(root, Map.of())) {
      return generatedClassFiles(jar.getPath("/"));
    }
  }

  private static List<byte[]> generatedClassFiles(Path root) throws Exception {
    List<byte[]> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
        String name = root.relativize(p).toString().replace('/', '.').replace(".class", "");
        String topLevel = name.contains("$") ? name.substring(0, name.indexOf('$')) : name;
        if (topLevel.equals("module-info") || topLevel.endsWith("package-info")) {
          continue;
        }
        Class<?> type = Class.forName(topLevel);
        if (MessageCodec.class.isAssignableFrom(type) || MessageBuilder.class.isAssignableFrom(type)) {
          files.add(Files.readAllBytes(p));
        }
      }
    }
    return files;
  }
}
