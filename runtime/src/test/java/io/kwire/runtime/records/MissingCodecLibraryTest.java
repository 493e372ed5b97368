package io.kwire.runtime.records;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Loads kwire's runtime classes without the optional codec libraries (as an application that
 * declared none would) and checks that using a codec names the artifact to add, while gzip works.
 */
class MissingCodecLibraryTest {

  @ParameterizedTest
  @EnumSource(value = Compression.class, names = {"SNAPPY", "LZ4", "ZSTD"})
  void usingACodecWithoutItsLibraryNamesTheArtifact(Compression compression) throws Exception {
    URL runtimeClasses = Compression.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader isolated = new URLClassLoader(new URL[] {runtimeClasses}, ClassLoader.getPlatformClassLoader())) {
      Class<?> builder = isolated.loadClass(RecordBatchBuilder.class.getName());
      Class<?> compressionType = isolated.loadClass(Compression.class.getName());
      Class<?> headerArray = isolated.loadClass(Header.class.getName()).arrayType();

      Object gzipBatch = build(builder, compressionType, headerArray, "GZIP");
      assertTrue(gzipBatch != null, "gzip needs no library");

      InvocationTargetException e = assertThrows(InvocationTargetException.class,
          () -> build(builder, compressionType, headerArray, compression.name()));
      IllegalStateException missing = assertInstanceOf(IllegalStateException.class, e.getCause());
      assertTrue(missing.getMessage().contains(compression.artifact()), missing.getMessage());
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object build(Class<?> builder, Class<?> compressionType, Class<?> headerArray, String codec)
      throws Exception {
    Object b = builder.getMethod("create", long.class).invoke(null, 0L);
    Object type = Enum.valueOf((Class) compressionType, codec);
    builder.getMethod("compression", compressionType).invoke(b, type);
    Method append = builder.getMethod("append", long.class, byte[].class, byte[].class, headerArray);
    append.invoke(b, 1L, null, new byte[] {1, 2, 3}, java.lang.reflect.Array.newInstance(headerArray.getComponentType(), 0));
    return builder.getMethod("build").invoke(b);
  }
}
