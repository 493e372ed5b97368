package io.kwire.e2e.bridge;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A real old Kafka Java client (kafka-clients 0.9.0.1 or 0.10.2.2 from Maven Central), in a class
 * loader of its own (its classes share names with 4.4.0's), driven by reflection: a producer that
 * sends records, a consumer that reads in a group and commits. Pointed at the broker it shows what
 * KIP-896 broke; pointed at the bridge (later), what the bridge repairs. Test scope only.
 *
 * <p>The loader gets the compression and logging jars of the test class path (snappy-java, lz4's
 * {@code net.jpountz} API, slf4j-api 1.7 with the no-op binding), newer than the ones these clients
 * were built with but the same APIs; 0.9 gets its own lz4 1.2.0 first, as it calls a method later
 * lz4-java releases dropped.
 */
public final class OldKafkaClient implements AutoCloseable {
  /** A record as produced or consumed: timestamp -1 where the format has none. */
  public record Rec(long offset, long timestamp, byte[] key, byte[] value) {}

  private static final String[] RUNTIME_NEEDS = {"org.xerial.snappy.Snappy", "net.jpountz.lz4.LZ4Factory",
      "org.slf4j.LoggerFactory", "org.slf4j.impl.StaticLoggerBinder"};

  private final String version;
  private final URLClassLoader loader;

  public OldKafkaClient(String version) throws Exception {
    this.version = version;
    String dir = System.getProperty("kwire.oldKafkaClients");
    if (dir == null) {
      throw new IllegalStateException("system property kwire.oldKafkaClients is not set (run through Maven)");
    }
    Path jar = Path.of(dir, "kafka-clients-" + version + ".jar");
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException(jar + " is missing (maven-dependency-plugin copies it)");
    }
    List<URL> urls = new ArrayList<>();
    urls.add(jar.toUri().toURL());
    if (version.startsWith("0.9.")) {
      // its lz4 framing calls net.jpountz.util.Utils.checkRange, gone from later lz4-java: its own lz4 comes first
      urls.add(Path.of(dir, "lz4-1.2.0.jar").toUri().toURL());
    }
    for (String className : RUNTIME_NEEDS) {
      urls.add(Class.forName(className, false, getClass().getClassLoader()).getProtectionDomain().getCodeSource()
          .getLocation());
    }
    loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  public String version() {
    return version;
  }

  /** 0.10 and later write magic 1 (with timestamps); 0.9 writes magic 0. */
  public boolean hasTimestamps() {
    return !version.startsWith("0.9.");
  }

  private Class<?> type(String name) throws ClassNotFoundException {
    return Class.forName(name, true, loader);
  }

  private Properties common(String bootstrap) {
    Properties p = new Properties();
    p.put("bootstrap.servers", bootstrap);
    p.put("request.timeout.ms", "4000");
    p.put("reconnect.backoff.ms", "100");
    p.put("retry.backoff.ms", "100");
    return p;
  }

  /**
   * Sends the records to partition 0 of {@code topic} with {@code compression} ("none", "gzip",
   * "snappy", "lz4"), one at a time, and returns the offsets the broker assigned. Throws
   * {@link ExecutionException} when a send fails (what a 4.x broker makes of an old producer).
   */
  public List<Long> produce(String bootstrap, String topic, String compression, List<Rec> records) throws Exception {
    Properties p = common(bootstrap);
    p.put("acks", "all");
    p.put("retries", "0");
    p.put("max.block.ms", "4000");
    p.put("compression.type", compression);
    p.put("key.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
    p.put("value.serializer", "org.apache.kafka.common.serialization.ByteArraySerializer");
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    // old clients load configured classes (serializers, partitioner) through the context class loader
    Thread.currentThread().setContextClassLoader(loader);
    try {
      return produce(p, topic, records);
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
  }

  private List<Long> produce(Properties p, String topic, List<Rec> records) throws Exception {
    Object producer = newInstance("org.apache.kafka.clients.producer.KafkaProducer", p);
    Class<?> recordType = type("org.apache.kafka.clients.producer.ProducerRecord");
    Method send = producer.getClass().getMethod("send", recordType);
    List<Long> offsets = new ArrayList<>();
    try {
      for (Rec r : records) {
        Object record = hasTimestamps()
            ? recordType.getConstructor(String.class, Integer.class, Long.class, Object.class, Object.class)
                .newInstance(topic, 0, r.timestamp(), r.key(), r.value())
            : recordType.getConstructor(String.class, Integer.class, Object.class, Object.class)
                .newInstance(topic, 0, r.key(), r.value());
        java.util.concurrent.Future<?> future = (java.util.concurrent.Future<?>) invoke(send, producer, record);
        Object metadata = future.get(10, TimeUnit.SECONDS);
        offsets.add((Long) metadata.getClass().getMethod("offset").invoke(metadata));
      }
    } finally {
      closeWithin2s(producer);
    }
    return offsets;
  }

  /**
   * Subscribes to {@code topic} in {@code group}, polls until {@code wanted} records arrived or
   * {@code timeoutMs} passed, commits what it read (commitSync) and closes. An old client can block
   * inside poll when the broker keeps refusing it (0.9 retries its offset lookup forever), so the
   * consumer runs in a thread of its own and is woken up at the deadline.
   */
  public List<Rec> consumeInGroup(String bootstrap, String topic, String group, int wanted, long timeoutMs) throws Exception {
    Properties p = common(bootstrap);
    p.put("group.id", group);
    p.put("enable.auto.commit", "false");
    p.put("auto.offset.reset", "earliest");
    p.put("session.timeout.ms", "6000");
    p.put("heartbeat.interval.ms", "1000");
    p.put("request.timeout.ms", "7000"); // old consumers want it above the session timeout
    if (!version.startsWith("0.9.") && !version.startsWith("0.10.")) {
      p.put("isolation.level", "read_committed"); // 0.11+ know transactions; before, the bridge chooses it
    }
    p.put("key.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
    p.put("value.deserializer", "org.apache.kafka.common.serialization.ByteArrayDeserializer");
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    Thread.currentThread().setContextClassLoader(loader);
    Object consumer;
    try {
      consumer = newInstance("org.apache.kafka.clients.consumer.KafkaConsumer", p);
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
    List<Rec> seen = java.util.Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<Void> done = CompletableFuture.runAsync(() -> {
      try {
        invoke(subscribeMethod(consumer), consumer, List.of(topic));
        Method poll = consumer.getClass().getMethod("poll", long.class);
        long deadline = System.currentTimeMillis() + timeoutMs;
        while (seen.size() < wanted && System.currentTimeMillis() < deadline) {
          for (Object r : (Iterable<?>) invoke(poll, consumer, 200L)) {
            long ts = hasTimestamps() ? (Long) r.getClass().getMethod("timestamp").invoke(r) : -1L;
            seen.add(new Rec((Long) r.getClass().getMethod("offset").invoke(r), ts,
                (byte[]) r.getClass().getMethod("key").invoke(r), (byte[]) r.getClass().getMethod("value").invoke(r)));
          }
        }
        if (!seen.isEmpty()) {
          invoke(consumer.getClass().getMethod("commitSync"), consumer);
        }
      } catch (Exception e) {
        if (!e.getClass().getSimpleName().equals("WakeupException")) {
          throw new IllegalStateException(e);
        }
      } finally {
        try {
          invoke(consumer.getClass().getMethod("close"), consumer);
        } catch (Exception e) {
          // a woken-up consumer may fail to close cleanly; nothing more to do
        }
      }
    }, runnable -> {
      Thread t = new Thread(runnable, "old-kafka-consumer-" + version);
      t.setContextClassLoader(loader);
      t.setDaemon(true);
      t.start();
    });
    try {
      done.get(timeoutMs + 2000, TimeUnit.MILLISECONDS);
    } catch (TimeoutException stuck) {
      consumer.getClass().getMethod("wakeup").invoke(consumer);
      try {
        done.get(5, TimeUnit.SECONDS);
      } catch (TimeoutException stillStuck) {
        // abandoned: a daemon thread, gone with the JVM
      }
    }
    return List.copyOf(seen);
  }

  /** subscribe(List) in 0.9, subscribe(Collection) from 0.10. */
  private static Method subscribeMethod(Object consumer) throws NoSuchMethodException {
    for (Method m : consumer.getClass().getMethods()) {
      if (m.getName().equals("subscribe") && m.getParameterCount() == 1 && m.getParameterTypes()[0].isAssignableFrom(List.class)) {
        return m;
      }
    }
    throw new NoSuchMethodException(consumer.getClass() + ".subscribe(List or Collection)");
  }

  private Object newInstance(String className, Properties p) throws Exception {
    try {
      return type(className).getConstructor(Properties.class).newInstance(p);
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof Exception ex ? ex : e;
    }
  }

  /** Invokes, unwrapping the client's own exception. */
  private static Object invoke(Method m, Object target, Object... args) throws Exception {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception ex) {
        throw ex;
      }
      throw e;
    }
  }

  @Override
  public void close() throws java.io.IOException {
    loader.close();
  }

  /** {@code close(2, SECONDS)}, or from 2.2 on {@code close(Duration)} (3.0 dropped the first). */
  private static void closeWithin2s(Object client) throws Exception {
    try {
      invoke(client.getClass().getMethod("close", java.time.Duration.class), client, java.time.Duration.ofSeconds(2));
    } catch (NoSuchMethodException before22) {
      invoke(client.getClass().getMethod("close", long.class, TimeUnit.class), client, 2L, TimeUnit.SECONDS);
    }
  }
}
