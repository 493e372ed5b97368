package io.kwire.runtime;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.meta.MessageDescriptor;

/**
 * Which header precedes a request or response body. Requests: v2 in flexible versions, else v1
 * (v0 only for ControlledShutdown v0). Responses: v1 in flexible versions, else v0; the ApiVersions
 * response always uses v0, so a client can read the correlation id whatever version it guessed.
 */
final class HeaderVersions {
  static final short API_VERSIONS_KEY = 18;
  static final short CONTROLLED_SHUTDOWN_KEY = 7;

  private HeaderVersions() {}

  static short headerVersion(MessageDescriptor message, short version) {
    boolean flexible = message.isFlexible(version);
    if (message.type() == MessageType.REQUEST) {
      if (message.apiKey() == CONTROLLED_SHUTDOWN_KEY && version == 0) {
        return 0;
      }
      return flexible ? (short) 2 : (short) 1;
    }
    if (message.type() == MessageType.RESPONSE) {
      if (message.apiKey() == API_VERSIONS_KEY) {
        return 0;
      }
      return flexible ? (short) 1 : (short) 0;
    }
    throw new IllegalArgumentException(message.name() + " is not a request or response");
  }
}
