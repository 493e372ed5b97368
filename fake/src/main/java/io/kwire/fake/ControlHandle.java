package io.kwire.fake;

/** An installed {@link Control}; removing it (or closing it, in try-with-resources) uninstalls it. */
public interface ControlHandle extends AutoCloseable {
  /** How many requests the hook acted on (did not pass): 1 at most for a once-hook. */
  int fired();

  /** Whether it is still installed (a once-hook is not after it fired). */
  boolean active();

  /** Uninstalls it; requests already held by its delay still go on. Idempotent. */
  void remove();

  @Override
  default void close() {
    remove();
  }
}
