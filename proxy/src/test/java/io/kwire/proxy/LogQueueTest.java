package io.kwire.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** The log's queue against a sink that hangs: the caller never waits, and what is dropped is counted and said. */
class LogQueueTest {
  private final List<String> written = Collections.synchronizedList(new ArrayList<>());
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final LongAdder dropped = new LongAdder();

  /** Hangs on the first line until released. */
  private final LogSink hanging = line -> {
    entered.countDown();
    try {
      release.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    written.add(line);
  };

  private LogQueue queue() {
    return new LogQueue(hanging, dropped, n -> "dropped " + n, event -> written.add("event " + event));
  }

  @Test
  void linesPastTheBoundAreDroppedCountedAndReportedBeforeTheNextLineWritten() throws Exception {
    LogQueue queue = queue();
    queue.offer(() -> "first", 0);
    assertTrue(entered.await(5, TimeUnit.SECONDS));
    for (int i = 0; i < LogQueue.MAX_LINES + 7; i++) {
      int n = i;
      queue.offer(() -> "line " + n, 1); // never blocks, though nothing is being written
    }
    assertEquals(7, dropped.sum());
    release.countDown();
    queue.close();
    assertEquals(LogQueue.MAX_LINES + 2, written.size());
    assertEquals(List.of("first", "dropped 7", "line 0"), written.subList(0, 3));
    assertEquals("line " + (LogQueue.MAX_LINES - 1), written.get(written.size() - 1));
  }

  @Test
  void theFrameBytesBehindQueuedLinesAreBoundedToo() throws Exception {
    LogQueue queue = queue();
    queue.offer(() -> "first", LogQueue.MAX_QUEUED_BYTES); // alone in the queue: taken whatever it weighs
    assertTrue(entered.await(5, TimeUnit.SECONDS));
    long half = LogQueue.MAX_QUEUED_BYTES / 2 + 1;
    queue.offer(() -> "a", half);
    queue.offer(() -> "b", half);
    queue.offer(() -> "c", 1);
    assertEquals(1, dropped.sum());
    release.countDown();
    queue.close();
    assertEquals(List.of("first", "dropped 1", "a", "c"), written);
  }

  @Test
  void aFailingSinkLosesLinesCountedAndSaysSoOnce() {
    LogQueue queue = new LogQueue(line -> {
      throw new java.io.IOException("disk full");
    }, dropped, n -> "dropped " + n, event -> written.add("event " + event));
    queue.offer(() -> "a", 0);
    queue.offer(() -> "b", 0);
    queue.close();
    assertEquals(2, dropped.sum());
    assertEquals(1, written.size(), written.toString());
    assertTrue(written.get(0).contains("disk full"), written.toString());
  }
}
