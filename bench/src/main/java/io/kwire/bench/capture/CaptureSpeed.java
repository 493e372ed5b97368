package io.kwire.bench.capture;

import io.kwire.capture.CaptureOptions;
import io.kwire.capture.CaptureReader;
import io.kwire.capture.CaptureStats;
import io.kwire.capture.Exchange;
import io.kwire.capture.ExchangeJson;
import io.kwire.capture.ExchangeLines;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * kwire-capture's speed and memory on one thread (bench/capture-speed.sh runs it pinned to one
 * core). Modes:
 *
 * <ul>
 *   <li>{@code generate MB FILE}: writes the deterministic Produce/Fetch capture
 *       ({@link ProduceFetchCapture}) of at least MB megabytes;
 *   <li>{@code speed FILE [ROUNDS]}: per round, reads FILE (a) decoding and pairing only
 *       ({@code CaptureReader.next()}) and (b) also writing each exchange as its JSON line to a null
 *       sink, as {@code kwire capture} does; prints MB of capture per second of wall clock and of the
 *       thread's CPU time;
 *   <li>{@code memory FILE}: reads FILE with JSON lines, and every 1/20 of the exchanges runs a full
 *       GC and records the heap then in use: what the reader keeps, which must not grow with the
 *       capture's length; with the reader's own count of held bytes ({@link CaptureStats}).
 * </ul>
 */
public final class CaptureSpeed {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  /** The whole process's CPU time: the reading thread's, and the collector's and the compiler's. */
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private CaptureSpeed() {}

  public static void main(String[] args) throws IOException {
    switch (args.length > 0 ? args[0] : "") {
      case "generate" -> {
        long start = System.nanoTime();
        long exchanges = ProduceFetchCapture.write(Path.of(args[2]), Long.parseLong(args[1]) * 1_000_000);
        System.out.printf(Locale.ROOT, "generated %s: %.1f MB, %d exchanges, %.1f s%n", args[2],
            Files.size(Path.of(args[2])) / 1e6, exchanges, (System.nanoTime() - start) / 1e9);
      }
      case "speed" -> speed(Path.of(args[1]), args.length > 2 ? Integer.parseInt(args[2]) : 3,
          args.length > 3 ? List.of(args[3].split(",")) : List.of("decode", "json"));
      case "memory" -> memory(Path.of(args[1]));
      default -> {
        System.err.println("usage: CaptureSpeed generate MB FILE | speed FILE [ROUNDS] | memory FILE");
        System.exit(2);
      }
    }
  }

  /** What one pass read. */
  private record Pass(long exchanges, long jsonBytes, double seconds, double cpuSeconds, double processCpuSeconds,
      long maxHeldBytes, long maxHeapAfterGc, int heapSamples) {}

  private static void speed(Path file, int rounds, List<String> modes) throws IOException {
    double megabytes = Files.size(file) / 1e6;
    System.out.printf(Locale.ROOT, "capture %s: %.1f MB%n", file, megabytes);
    for (int round = 0; round < rounds; round++) {
      for (String mode : modes) {
        Pass pass = pass(file, mode, 0);
        System.out.printf(Locale.ROOT,
            "round %d %-6s: %d exchanges, %.2f s wall, %.2f s cpu (thread %.2f s), %.0f MB/s wall, "
                + "%.0f MB/s cpu, %.0f exchanges/s cpu, %.1f MB of JSON, reader held at most %.2f MB%n",
            round, mode, pass.exchanges(), pass.seconds(), pass.processCpuSeconds(), pass.cpuSeconds(),
            megabytes / pass.seconds(), megabytes / pass.processCpuSeconds(),
            pass.exchanges() / pass.processCpuSeconds(), pass.jsonBytes() / 1e6, pass.maxHeldBytes() / 1e6);
      }
    }
  }

  private static void memory(Path file) throws IOException {
    long exchanges = pass(file, "decode", 0).exchanges();
    Pass pass = pass(file, "json", Math.max(1, exchanges / 20));
    System.out.printf(Locale.ROOT, "memory %s: %.1f MB, %d exchanges; heap in use after a full GC: at most "
        + "%.1f MB (%d samples, the reader open); reader held at most %.1f MB%n", file, Files.size(file) / 1e6,
        pass.exchanges(), pass.maxHeapAfterGc() / 1e6, pass.heapSamples(), pass.maxHeldBytes() / 1e6);
  }

  /**
   * Reads the file once: {@code decode} (exchanges only), {@code json} (each as its line, through
   * {@link ExchangeLines}, as {@code kwire capture} writes them) or {@code line} (each as a String by
   * {@link ExchangeJson#line}, then its UTF-8 bytes: the way before {@link ExchangeLines}).
   */
  private static Pass pass(Path file, String mode, long sampleEvery) throws IOException {
    long start = System.nanoTime();
    long cpuStart = THREADS.getCurrentThreadCpuTime();
    long processStart = PROCESS.getProcessCpuTime();
    long exchanges = 0;
    CountingSink sink = new CountingSink();
    long maxHeapAfterGc = 0;
    int heapSamples = 0;
    CaptureStats stats;
    try (CaptureReader reader = CaptureReader.open(file, CaptureOptions.defaults());
        ExchangeLines lines = new ExchangeLines(sink, ExchangeJson.SAFE)) {
      for (Exchange e = reader.next(); e != null; e = reader.next()) {
        exchanges++;
        if (mode.equals("json")) {
          lines.write(e);
        } else if (mode.equals("line")) {
          sink.write((ExchangeJson.line(e, ExchangeJson.SAFE) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        if (sampleEvery > 0 && exchanges % sampleEvery == 0) {
          maxHeapAfterGc = Math.max(maxHeapAfterGc, heapAfterGc());
          heapSamples++;
        }
      }
      stats = reader.stats();
    }
    return new Pass(exchanges, sink.bytes, (System.nanoTime() - start) / 1e9,
        (THREADS.getCurrentThreadCpuTime() - cpuStart) / 1e9, (PROCESS.getProcessCpuTime() - processStart) / 1e9,
        stats.peakBytesHeld(), maxHeapAfterGc, heapSamples);
  }

  /** The heap in use right after a full collection: what is still referenced. */
  private static long heapAfterGc() {
    System.gc();
    long used = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        used += pool.getUsage().getUsed();
      }
    }
    return used;
  }

  /** A null sink that counts what it is given. */
  private static final class CountingSink extends OutputStream {
    long bytes;

    @Override
    public void write(int b) {
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      bytes += len;
    }
  }
}
