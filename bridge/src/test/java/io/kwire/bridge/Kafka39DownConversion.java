package io.kwire.bridge;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Kafka's own down-conversion, {@code MemoryRecords.downConvert} of kafka-clients 3.9.1 (the last
 * release that has it), in a class loader of its own with the jars it needs, driven by reflection:
 * the oracle of {@link FetchDownConverter}. Test scope only.
 */
final class Kafka39DownConversion implements AutoCloseable {
  private static final String[] RUNTIME_NEEDS = {"org.xerial.snappy.Snappy", "net.jpountz.lz4.LZ4Factory"};

  private final URLClassLoader loader;
  private final Method readableRecords;
  private final Object systemTime;

  Kafka39DownConversion() throws Exception {
    List<URL> urls = new ArrayList<>();
    urls.add(Path.of(property("kwire.legacyKafkaJar")).toUri().toURL());
    urls.add(Path.of(property("kwire.legacySlf4jJar")).toUri().toURL());
    urls.add(Path.of(property("kwire.legacySlf4jBindingJar")).toUri().toURL());
    for (String className : RUNTIME_NEEDS) {
      urls.add(Class.forName(className, false, getClass().getClassLoader()).getProtectionDomain().getCodeSource()
          .getLocation());
    }
    loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    readableRecords = Class.forName("org.apache.kafka.common.record.MemoryRecords", true, loader)
        .getMethod("readableRecords", ByteBuffer.class);
    systemTime = Class.forName("org.apache.kafka.common.utils.Time", true, loader).getField("SYSTEM").get(null);
  }

  private static String property(String name) {
    String value = System.getProperty(name);
    if (value == null) {
      throw new IllegalStateException("system property " + name + " is not set (run through Maven)");
    }
    return value;
  }

  /** {@code MemoryRecords.readableRecords(v2).downConvert(toMagic, firstOffset, Time.SYSTEM).records()}, as bytes. */
  byte[] downConvert(byte[] v2, byte toMagic, long firstOffset) throws Exception {
    Object records = readableRecords.invoke(null, ByteBuffer.wrap(v2));
    Method downConvert = records.getClass().getMethod("downConvert", byte.class, long.class,
        Class.forName("org.apache.kafka.common.utils.Time", true, loader));
    Object converted = downConvert.invoke(records, toMagic, firstOffset, systemTime);
    Object memoryRecords = converted.getClass().getMethod("records").invoke(converted);
    ByteBuffer buffer = (ByteBuffer) memoryRecords.getClass().getMethod("buffer").invoke(memoryRecords);
    byte[] out = new byte[buffer.remaining()];
    buffer.duplicate().get(out);
    return out;
  }

  @Override
  public void close() throws java.io.IOException {
    loader.close();
  }
}
