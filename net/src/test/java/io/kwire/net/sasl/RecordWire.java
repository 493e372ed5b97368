package io.kwire.net.sasl;

import io.kwire.runtime.MessageCodec;

/** Sends a record "over the wire" in a test: encoded with its kwire codec at a version and decoded back. */
final class RecordWire {
  private RecordWire() {}

  static <T> T roundTrip(MessageCodec<T> codec, T message, short version) {
    return codec.decode(codec.encode(message, version), version);
  }
}
