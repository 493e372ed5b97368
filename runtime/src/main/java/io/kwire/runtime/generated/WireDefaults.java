package io.kwire.runtime.generated;

import java.nio.ByteBuffer;
import java.util.UUID;

/** Shared immutable defaults, so reading an absent field allocates nothing. */
public final class WireDefaults {
  /** Kafka's "no uuid": all zero bits. */
  public static final UUID ZERO_UUID = new UUID(0L, 0L);
  /** The default of a bytes field; it has no elements to change. */
  public static final byte[] EMPTY_BYTES = new byte[0];
  /** The default of a zero-copy bytes field. */
  public static final ByteBuffer EMPTY_BUFFER = ByteBuffer.allocate(0).asReadOnlyBuffer();

  private WireDefaults() {}
}
