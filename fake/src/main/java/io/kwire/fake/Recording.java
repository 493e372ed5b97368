package io.kwire.fake;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Every request the cluster's brokers handle and the response each sent, while started ({@link
 * #start()}; off until then, so that a cluster not being watched keeps nothing). Exchanges are
 * kept in the order they end (a long-polling Fetch after the requests it outlived), the newest of
 * them within {@link #limit(int)} exchanges (10,000 by default) and {@link #limitBytes(long)} bytes of
 * encoded bodies (64 MiB by default; the newest is kept whatever its size): older ones are dropped
 * and counted, so that a long test cannot fill the heap. Optionally each is also written to a {@link Writer} as a JSON
 * line as it ends. Thread-safe. ApiVersions, answered by kwire-net before the fake sees it, is not
 * recorded.
 */
public final class Recording {
  public static final int DEFAULT_LIMIT = 10_000;
  public static final long DEFAULT_LIMIT_BYTES = 64L << 20;

  private final ArrayDeque<RecordedExchange> entries = new ArrayDeque<>();
  private boolean started;
  private int limit = DEFAULT_LIMIT;
  private long limitBytes = DEFAULT_LIMIT_BYTES;
  private long bytes;
  private long dropped;
  private Writer writer;
  private UncheckedIOException failure;

  Recording() {}

  /** Starts recording (again); what was recorded stays. */
  public synchronized Recording start() {
    started = true;
    return this;
  }

  /** Stops recording; what was recorded stays. */
  public synchronized Recording stop() {
    started = false;
    return this;
  }

  public synchronized boolean started() {
    return started;
  }

  /** Forgets what was recorded and the drop count. */
  public synchronized Recording clear() {
    entries.clear();
    bytes = 0;
    dropped = 0;
    return this;
  }

  /** Keeps at most {@code maxEntries} exchanges (the newest), dropping older ones now if need be. */
  public synchronized Recording limit(int maxEntries) {
    if (maxEntries < 1) {
      throw new IllegalArgumentException("a recording keeps at least one exchange: " + maxEntries);
    }
    limit = maxEntries;
    trim();
    return this;
  }

  /** Keeps at most {@code maxBytes} of encoded request and response bodies (the newest exchange always stays). */
  public synchronized Recording limitBytes(long maxBytes) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("a negative byte budget: " + maxBytes);
    }
    limitBytes = maxBytes;
    trim();
    return this;
  }

  /**
   * Also writes each exchange, as it ends, as one JSON line ({@link RecordedExchange#json()}) to
   * {@code out} (null: no longer), flushed. Written on the cluster thread: a slow writer slows the
   * cluster. A writer that fails is let go and the failure is thrown from {@link #entries()}.
   */
  public synchronized Recording writeTo(Writer out) {
    writer = out;
    failure = null;
    return this;
  }

  /** The exchanges kept, oldest first. */
  public synchronized List<RecordedExchange> entries() {
    if (failure != null) {
      throw failure;
    }
    return List.copyOf(entries);
  }

  /** The kept exchanges as JSON lines, each ending in '\n'. */
  public String jsonLines() {
    StringBuilder out = new StringBuilder();
    for (RecordedExchange e : entries()) {
      out.append(e.json()).append('\n');
    }
    return out.toString();
  }

  /** How many exchanges were dropped past the limit since the last {@link #clear()}. */
  public synchronized long dropped() {
    return dropped;
  }

  synchronized void add(RecordedExchange exchange) {
    if (!started) {
      return;
    }
    entries.addLast(exchange);
    bytes += exchange.sizeBytes();
    trim();
    if (writer != null) {
      try {
        writer.write(exchange.json());
        writer.write('\n');
        writer.flush();
      } catch (IOException e) {
        failure = new UncheckedIOException("the recording's writer failed", e);
        writer = null;
      }
    }
  }

  private void trim() {
    while (entries.size() > limit || (bytes > limitBytes && entries.size() > 1)) {
      bytes -= entries.removeFirst().sizeBytes();
      dropped++;
    }
  }
}
