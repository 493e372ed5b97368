package io.kwire.cli;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.KwireRegistry;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code --api}, {@code --version}, {@code --request|--response}: which message, for explain, decode and encode. */
final class MessageOptions {
  @Option(names = "--api", paramLabel = "API",
      description = "The API, by name (CreateTopics) or key (19); a response frame needs it.")
  String api;

  @Option(names = "--version", paramLabel = "N",
      description = "The API version (a response frame needs it; a body is read at the latest when absent).")
  Integer version;

  @Mixin
  DirectionOptions direction;

  /** The type told; a request when neither flag is given. */
  MessageType type() {
    MessageType told = direction.told();
    return told == null ? MessageType.REQUEST : told;
  }

  ApiMessageCodec<?> codec(KwireRegistry registry) {
    if (api == null) {
      throw new UsageException("give --api NAME|KEY (a body does not say what it is)");
    }
    return Apis.find(registry, api, type());
  }
}
