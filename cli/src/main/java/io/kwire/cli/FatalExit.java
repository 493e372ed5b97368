package io.kwire.cli;

import java.io.PrintWriter;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * Ends {@code kwire proxy} or {@code kwire bridge} on an {@link Error} (OutOfMemoryError,
 * StackOverflowError...) caught on an event loop or escaping any thread: a last line on stderr,
 * then exit status {@value #STATUS}. A JVM in that state is not trusted to serve on, and a process
 * left half alive would ignore the SIGTERM meant to restart it.
 */
final class FatalExit implements Consumer<Throwable>, Thread.UncaughtExceptionHandler {
  /** EX_SOFTWARE of sysexits.h. */
  static final int STATUS = 70;
  /** How long the orderly exit (shutdown hook: the proxy closed, its counters printed) may take before the JVM is halted. */
  private static final long HALT_AFTER_MS = 10_000;

  private final String name;
  private final PrintWriter err;
  private final IntConsumer exit;
  private final AtomicBoolean exiting = new AtomicBoolean();

  FatalExit(String name, PrintWriter err, IntConsumer exit) {
    this.name = name;
    this.err = err;
    this.exit = exit;
  }

  /** Exits the JVM from a thread of its own (the caller, an event loop, must return for the proxy to close), halting it if that hangs. */
  static void exitProcess(int status) {
    Thread halt = new Thread(() -> {
      try {
        Thread.sleep(HALT_AFTER_MS);
      } catch (InterruptedException e) {
        return;
      }
      Runtime.getRuntime().halt(status);
    }, "kwire-fatal-halt");
    halt.setDaemon(true);
    halt.start();
    new Thread(() -> System.exit(status), "kwire-fatal-exit").start();
  }

  /** An {@link Error} caught on an event loop: exits (once). */
  @Override
  public void accept(Throwable error) {
    if (exiting.compareAndSet(false, true)) {
      err.println("kwire " + name + ": fatal error, exiting: " + error);
      err.flush();
      exit.accept(STATUS);
    }
  }

  /** A throwable that ended a thread: an {@link Error} exits; anything else is printed, as the JVM does by default. */
  @Override
  public void uncaughtException(Thread thread, Throwable e) {
    if (e instanceof Error) {
      accept(e);
    } else {
      err.println("kwire " + name + ": uncaught exception on thread " + thread.getName() + ": " + e);
      err.flush();
    }
  }
}
