package io.kwire.proxy;

import java.io.IOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The message log's lines, rendered and written by one thread of their own: an event loop only
 * queues a line (not yet rendered), and never waits. The queue is bounded by lines and by the frame
 * bytes its lines stand for; a line that does not fit is dropped and counted, and the writer says
 * how many were dropped in a line of its own when it next writes.
 */
final class LogQueue implements AutoCloseable {
  /** At most this many lines wait to be written. */
  static final int MAX_LINES = 10_000;
  /** At most this many bytes of frames wait behind the queued lines (the decoded bodies they keep). */
  static final long MAX_QUEUED_BYTES = 32L << 20;

  private record Line(Supplier<String> text, long weight) {}

  private static final Line END = new Line(() -> null, 0);

  private final ArrayBlockingQueue<Line> queue = new ArrayBlockingQueue<>(MAX_LINES);
  private final AtomicLong queuedBytes = new AtomicLong();
  private final AtomicLong unreported = new AtomicLong();
  private final LongAdder dropped;
  private final LogSink sink;
  private final LongFunction<String> droppedLine;
  private final Consumer<String> events;
  private final Thread writer;
  private volatile boolean closed;

  /**
   * @param dropped counts every line dropped
   * @param droppedLine the line saying that n lines were dropped
   * @param events where a failure to write goes
   */
  LogQueue(LogSink sink, LongAdder dropped, LongFunction<String> droppedLine, Consumer<String> events) {
    this.sink = sink;
    this.dropped = dropped;
    this.droppedLine = droppedLine;
    this.events = events;
    this.writer = new Thread(this::run, "kwire-proxy-log");
    writer.setDaemon(true);
    writer.start();
  }

  /**
   * Queues a line, rendered later on the writer's thread; {@code weight} is the frame bytes it keeps
   * (a line alone in the queue is taken whatever its weight). Never blocks: a line that does not fit
   * is dropped and counted.
   */
  void offer(Supplier<String> text, long weight) {
    long queued = queuedBytes.addAndGet(weight);
    boolean taken = !closed && (queued <= MAX_QUEUED_BYTES || queued == weight) && queue.offer(new Line(text, weight));
    if (!taken) {
      queuedBytes.addAndGet(-weight);
      dropped.increment();
      unreported.incrementAndGet();
    }
  }

  private void run() {
    boolean failing = false;
    while (true) {
      Line line;
      try {
        line = queue.poll();
        if (line == null) {
          flush();
          line = queue.poll(1, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        line = END; // closed while the sink hangs: what is queued is lost
      }
      try {
        long n = unreported.getAndSet(0);
        if (n > 0) {
          sink.write(droppedLine.apply(n));
        }
        if (line == END) {
          sink.close();
          return;
        }
        if (line != null) {
          queuedBytes.addAndGet(-line.weight());
          sink.write(line.text().get());
        }
        failing = false;
      } catch (IOException | RuntimeException e) {
        if (line != null && line != END) {
          dropped.increment();
        }
        if (!failing) {
          events.accept("kwire proxy: the message log cannot be written, lines are dropped until it can: " + e);
        }
        failing = true;
        if (line == END) {
          return;
        }
      }
    }
  }

  private void flush() {
    try {
      sink.flush();
    } catch (IOException e) {
      events.accept("kwire proxy: the message log cannot be written: " + e);
    }
  }

  /** Writes what is queued (waiting up to a few seconds for a slow sink), then closes the sink. */
  @Override
  public void close() {
    closed = true;
    try {
      if (!queue.offer(END, 5, TimeUnit.SECONDS)) {
        writer.interrupt();
      }
      writer.join(TimeUnit.SECONDS.toMillis(5));
      if (writer.isAlive()) {
        writer.interrupt();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
