package io.kwire.cli;

import io.kwire.annotations.MessageType;
import picocli.CommandLine.Option;

/** {@code --request} or {@code --response}, at most one. */
final class DirectionOptions {
  @Option(names = "--request", description = "The frame is a request.")
  boolean request;

  @Option(names = "--response", description = "The frame is a response.")
  boolean response;

  /** The type told, or {@code null} when neither flag is given. */
  MessageType told() {
    if (request && response) {
      throw new UsageException("give --request or --response, not both");
    }
    return request ? MessageType.REQUEST : response ? MessageType.RESPONSE : null;
  }
}
