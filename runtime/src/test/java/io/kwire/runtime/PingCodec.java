package io.kwire.runtime;

import io.kwire.annotations.MessageType;

/** The codec of {@link Ping}, named {@code Ping<type>}, under any key and type. */
public class PingCodec extends IntMessageCodec<Ping> {
  public PingCodec(int apiKey, MessageType type) {
    super("Ping" + type, apiKey, type, Ping.class);
  }

  @Override
  protected Ping wrap(int value) {
    return new Ping(value);
  }

  @Override
  protected int unwrap(Ping message) {
    return message.value();
  }
}
