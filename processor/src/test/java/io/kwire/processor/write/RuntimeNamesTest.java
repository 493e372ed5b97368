package io.kwire.processor.write;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import io.kwire.processor.scan.Names;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every type the processor recognises or writes names a class that exists: a slip fails here, not in messages/. */
class RuntimeNamesTest {
  private static String binaryName(ClassName name) {
    return name.reflectionName();
  }

  @Test
  void everyWrittenTypeExists() throws IllegalAccessException {
    List<String> names = new ArrayList<>();
    for (Field f : RuntimeNames.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == ClassName.class) {
        names.add(binaryName((ClassName) f.get(null)));
      }
    }
    assertTrue(names.size() >= 15, "found " + names);
    for (String name : names) {
      assertDoesNotThrow(() -> Class.forName(name, false, getClass().getClassLoader()), name);
    }
  }

  @Test
  void everyRecognisedTypeExists() throws IllegalAccessException {
    for (Field f : Names.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        String name = (String) f.get(null);
        assertDoesNotThrow(() -> Class.forName(name, false, getClass().getClassLoader()), name);
      }
    }
  }
}
