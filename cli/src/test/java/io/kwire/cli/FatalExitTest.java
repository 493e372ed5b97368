package io.kwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FatalExitTest {
  private final StringWriter err = new StringWriter();
  private final List<Integer> exits = new ArrayList<>();
  private final FatalExit fatal = new FatalExit("bridge", new PrintWriter(err), exits::add);

  @Test
  void anErrorOnAnEventLoopEndsTheProcessOnceWithALastLine() {
    fatal.accept(new OutOfMemoryError("Java heap space"));
    fatal.accept(new StackOverflowError()); // a second event loop failing as the process ends
    assertEquals(List.of(FatalExit.STATUS), exits);
    assertEquals("kwire bridge: fatal error, exiting: java.lang.OutOfMemoryError: Java heap space\n",
        err.toString().replace("\r\n", "\n"));
  }

  @Test
  void anErrorEndingAnyThreadEndsTheProcessAndAnExceptionDoesNot() {
    fatal.uncaughtException(new Thread("worker"), new IllegalStateException("bug"));
    assertEquals(List.of(), exits);
    fatal.uncaughtException(new Thread("kwire-proxy-log"), new OutOfMemoryError("Java heap space"));
    assertEquals(List.of(FatalExit.STATUS), exits);
    assertEquals("kwire bridge: uncaught exception on thread worker: java.lang.IllegalStateException: bug\n"
        + "kwire bridge: fatal error, exiting: java.lang.OutOfMemoryError: Java heap space\n",
        err.toString().replace("\r\n", "\n"));
  }
}
