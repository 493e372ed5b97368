package io.kwire.tests.records;

import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * kafka-clients 3.9.1, the last release that writes magic 0 and 1 message sets, in its own class
 * loader (its classes share names with the 4.4.0 oracle), driven by reflection. It gets the
 * compression and logging jars of the test class path, which kafka-clients needs at run time.
 */
final class LegacyKafka implements AutoCloseable {
  private static final String[] RUNTIME_NEEDS = {
      "org.xerial.snappy.Snappy", "net.jpountz.lz4.LZ4Factory", "com.github.luben.zstd.Zstd", "org.slf4j.LoggerFactory",
      "org.slf4j.nop.NOPServiceProvider"};

  private final URLClassLoader loader;

  LegacyKafka() throws Exception {
    String jar = System.getProperty("kwire.legacyKafkaJar");
    if (jar == null) {
      throw new IllegalStateException("system property kwire.legacyKafkaJar is not set (run through Maven)");
    }
    List<URL> urls = new ArrayList<>();
    urls.add(Path.of(jar).toUri().toURL());
    for (String className : RUNTIME_NEEDS) {
      urls.add(Class.forName(className, false, getClass().getClassLoader()).getProtectionDomain().getCodeSource().getLocation());
    }
    loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  private Class<?> type(String name) throws ClassNotFoundException {
    return Class.forName(name, true, loader);
  }

  private static Object call(Object target, String name, Object... args) throws Exception {
    for (Method m : target.getClass().getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == args.length) {
        m.setAccessible(true);
        return m.invoke(target, args);
      }
    }
    throw new NoSuchMethodException(target.getClass() + "." + name + "/" + args.length);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object enumValue(String className, String name) throws Exception {
    return Enum.valueOf((Class) type(className), name);
  }

  /** MemoryRecords.builder(buffer, magic, compression, timestampType, baseOffset, logAppendTime), then append each. */
  byte[] build(byte magic, String codec, String timestampType, long baseOffset, long logAppendTime,
      List<RecordSpec> specs) throws Exception {
    Class<?> compressionType = type("org.apache.kafka.common.compress.Compression");
    Object compressionBuilder = compressionType.getMethod("of", String.class).invoke(null, codec.toLowerCase(Locale.ROOT));
    Object compression = call(compressionBuilder, "build");
    Class<?> memoryRecords = type("org.apache.kafka.common.record.MemoryRecords");
    Class<?> timestampTypeClass = type("org.apache.kafka.common.record.TimestampType");
    Object builder = memoryRecords.getMethod("builder", ByteBuffer.class, byte.class, compressionType, timestampTypeClass,
            long.class, long.class)
        .invoke(null, ByteBuffer.allocate(1024), magic, compression,
            enumValue("org.apache.kafka.common.record.TimestampType", timestampType), baseOffset, logAppendTime);
    Method append = builder.getClass().getMethod("append", long.class, byte[].class, byte[].class);
    for (RecordSpec s : specs) {
      append.invoke(builder, s.timestamp(), s.key(), s.value());
    }
    Object records = call(builder, "build");
    return KafkaSide.toBytes((ByteBuffer) call(records, "buffer"));
  }

  /** Reads every batch (shallow entry) and its records, validating as Kafka does. */
  List<BatchInfo> read(byte[] bytes) throws Exception {
    Object records = type("org.apache.kafka.common.record.MemoryRecords").getMethod("readableRecords", ByteBuffer.class)
        .invoke(null, ByteBuffer.wrap(bytes));
    List<BatchInfo> out = new ArrayList<>();
    for (Object batch : (Iterable<?>) call(records, "batches")) {
      call(batch, "ensureValid");
      List<Rec> recs = new ArrayList<>();
      for (Object r : (Iterable<?>) batch) {
        call(r, "ensureValid");
        recs.add(new Rec((long) call(r, "offset"), (long) call(r, "timestamp"), (int) call(r, "sequence"),
            Rec.hex((ByteBuffer) call(r, "key")), Rec.hex((ByteBuffer) call(r, "value")), List.of()));
      }
      Object compression = call(batch, "compressionType");
      out.add(new BatchInfo((byte) call(batch, "magic"), (long) call(batch, "baseOffset"), (long) call(batch, "lastOffset"),
          (byte) compression.getClass().getField("id").get(compression), ((Enum<?>) call(batch, "timestampType")).name(),
          (boolean) call(batch, "isTransactional"), (boolean) call(batch, "isControlBatch"), (long) call(batch, "producerId"),
          (short) call(batch, "producerEpoch"), (int) call(batch, "baseSequence"), (int) call(batch, "partitionLeaderEpoch"),
          (long) call(batch, "maxTimestamp"), recs));
    }
    return out;
  }

  @Override
  public void close() throws java.io.IOException {
    loader.close();
  }
}
