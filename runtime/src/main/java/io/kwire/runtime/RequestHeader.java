package io.kwire.runtime;

import io.kwire.runtime.wire.UnknownTaggedFields;

/**
 * The request header. Version 0 has no client id (ControlledShutdown v0 only), version 1 adds it,
 * version 2 adds a tagged-field section. The client id is always a classic int16-length string.
 */
public record RequestHeader(
    short requestApiKey,
    short requestApiVersion,
    int correlationId,
    String clientId,
    UnknownTaggedFields unknownTaggedFields) {

  public RequestHeader(short requestApiKey, short requestApiVersion, int correlationId, String clientId) {
    this(requestApiKey, requestApiVersion, correlationId, clientId, UnknownTaggedFields.EMPTY);
  }
}
