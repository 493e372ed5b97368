package io.kwire.capture;

/** What a reassembled TCP direction hands on: bytes in order, and where bytes are missing. */
interface StreamSink {
  /** The next bytes of the stream, captured at {@code timeNanos} in packet {@code packet}. */
  void data(byte[] bytes, int offset, int length, long timeNanos, Packet packet);

  /** {@code missing} bytes of the stream were not captured; what follows starts after them. */
  void gap(long missing, Packet packet);
}
