package io.kwire.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.CodecClashException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link KwireRegistry#standard()} over a class path where two codecs claim one key: run in a class
 * loader of its own (runtime, annotations, these test codecs and a service file), so that its
 * one-time discovery sees the clash without disturbing the registry of other tests.
 */
class StandardRegistryClashTest {
  @Test
  void everyCallReportsTheClashNamingBothCodecs(@TempDir Path services) throws Exception {
    Path file = services.resolve("META-INF/services/" + MessageCodec.class.getName());
    Files.createDirectories(file.getParent());
    Files.writeString(file, ClashingCodecs.First.class.getName() + "\n" + ClashingCodecs.Second.class.getName() + "\n");
    List<URL> path = new ArrayList<>();
    for (Class<?> c : List.of(KwireRegistry.class, MessageType.class, ClashingCodecs.class)) {
      path.add(c.getProtectionDomain().getCodeSource().getLocation());
    }
    path.add(services.toUri().toURL());
    try (URLClassLoader isolated = new URLClassLoader(path.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
      Method standard = isolated.loadClass(KwireRegistry.class.getName()).getMethod("standard");
      Throwable first = assertThrows(InvocationTargetException.class, () -> standard.invoke(null)).getCause();
      Throwable second = assertThrows(InvocationTargetException.class, () -> standard.invoke(null)).getCause();
      for (Throwable e : List.of(first, second)) {
        assertEquals(CodecClashException.class.getName(), e.getClass().getName(), () -> "not a clash report: " + e);
        assertTrue(e.getMessage().startsWith("two codecs claim API key 20000 REQUEST: "
            + ClashingCodecs.First.class.getName() + " and " + ClashingCodecs.Second.class.getName() + "; "),
            e.getMessage());
      }
      assertNotSame(first, second, "each call raises its own exception, with its caller's stack trace");
    }
  }
}
