package io.kwire.cli;

/**
 * Bad arguments found after parsing (a value that does not read, options that do not go together):
 * reported as one line, like bad input, by {@link Kwire#run}. Its own class, not nested in the root
 * command, so that the commands that throw it do not depend on {@code Kwire}.
 */
final class UsageException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
