package io.kwire.runtime;

import io.kwire.annotations.MessageType;

/** The codec of {@link Pong}, named {@code Pong<type>}, under any key and type. */
public class PongCodec extends IntMessageCodec<Pong> {
  public PongCodec(int apiKey, MessageType type) {
    super("Pong" + type, apiKey, type, Pong.class);
  }

  @Override
  protected Pong wrap(int value) {
    return new Pong(value);
  }

  @Override
  protected int unwrap(Pong message) {
    return message.value();
  }
}
