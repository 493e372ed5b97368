package io.kwire.net.internal;

import io.kwire.runtime.DecodeOptions;
import io.kwire.runtime.wire.WireReader;

/**
 * Whether a Produce (key 0) request waits for a response, read from its bytes: kwire-net does not
 * know the Produce record (it lives in kwire-messages). The body starts with the transactional id
 * (v3+; compact from the flexible v9), then acks; {@code acks=0} means no response, as in Kafka.
 */
public final class ProduceAcks {
  public static final short PRODUCE = 0;

  private ProduceAcks() {}

  /** The acks of a Produce request frame at {@code version} whose header is {@code headerVersion}. */
  public static short of(byte[] frame, short version, short headerVersion) {
    WireReader in = RequestHeaders.afterHeader(frame, headerVersion, DecodeOptions.LENIENT);
    if (version >= 9) {
      in.readCompactString(true);
    } else if (version >= 3) {
      in.readString(true);
    }
    return in.readInt16();
  }
}
