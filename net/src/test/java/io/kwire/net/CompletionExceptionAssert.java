package io.kwire.net;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** A future that fails, within a bound, with a given cause. */
final class CompletionExceptionAssert {
  private CompletionExceptionAssert() {}

  static <T extends Throwable> T causedBy(Class<T> type, CompletableFuture<?> future) {
    ExecutionException e = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    return assertInstanceOf(type, e.getCause());
  }
}
