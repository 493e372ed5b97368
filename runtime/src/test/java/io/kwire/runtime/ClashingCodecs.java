package io.kwire.runtime;

import io.kwire.annotations.MessageType;

/** Two codec classes claiming API key 20000 REQUEST, registered for {@link java.util.ServiceLoader} by a test. */
public final class ClashingCodecs {
  private ClashingCodecs() {}

  public static final class First extends PingCodec {
    public First() {
      super(20000, MessageType.REQUEST);
    }
  }

  public static final class Second extends PongCodec {
    public Second() {
      super(20000, MessageType.REQUEST);
    }
  }
}
