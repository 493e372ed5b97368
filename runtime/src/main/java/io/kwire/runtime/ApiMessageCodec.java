package io.kwire.runtime;

import io.kwire.annotations.MessageType;

/**
 * The codec of a request or response: a message with an API key, sent after a header.
 *
 * @param <T> the record type
 */
public interface ApiMessageCodec<T> extends MessageCodec<T> {
  default short apiKey() {
    return descriptor().apiKey();
  }

  default MessageType type() {
    return descriptor().type();
  }

  /** The header version that goes with {@code version} of this message. */
  default short headerVersion(short version) {
    return HeaderVersions.headerVersion(descriptor(), version);
  }
}
