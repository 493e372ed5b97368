package io.kwire.runtime;

import io.kwire.runtime.wire.UnknownTaggedFields;

/** The response header: the correlation id, and in version 1 a tagged-field section. */
public record ResponseHeader(int correlationId, UnknownTaggedFields unknownTaggedFields) {
  public ResponseHeader(int correlationId) {
    this(correlationId, UnknownTaggedFields.EMPTY);
  }
}
