package io.kwire.capture;

/**
 * Something in a capture that kwire could not read, or read only in part, and where: the byte offset
 * in the (decompressed) capture file, the packet number (1-based, 0 when not tied to a packet) and the
 * TCP connection ({@code client -> broker}, null when not tied to one). Reading goes on after every
 * issue; only a stream that is not a capture at all ends in a {@link CaptureException}.
 *
 * @param kind what went wrong
 * @param message one line for a person
 * @param fileOffset where, in bytes from the start of the (decompressed) capture; -1 when unknown
 * @param packet the packet's number in the capture, from 1; 0 when not tied to one packet
 * @param connection the connection, or null
 */
public record CaptureIssue(Kind kind, String message, long fileOffset, long packet, String connection) {
  /** The kinds of issue, for a program that counts or filters them. */
  public enum Kind {
    /** A block or record of the capture file that is malformed (bad length, bad header). */
    CORRUPT_BLOCK,
    /** The capture ends inside a record or block (tcpdump killed while writing, say). */
    TRUNCATED,
    /** A packet kwire does not follow: not IP, not TCP, an IP fragment, a link type it does not know. */
    SKIPPED_PACKET,
    /** Bytes of a TCP stream that the capture lacks: the connection is lossy from there. */
    LOSS,
    /** A connection seen from its middle: decoding starts at the first frame shown to be Kafka's. */
    MIDSTREAM,
    /** A retransmitted segment whose bytes differ from those first seen. */
    CONFLICTING_OVERLAP,
    /** A limit of {@link CaptureLimits} was reached: what exceeded it is named and skipped. */
    LIMIT,
    /** A connection on a Kafka port that carries TLS, which kwire cannot read. */
    TLS,
    /** A connection on a Kafka port whose bytes are not Kafka frames. */
    NOT_KAFKA,
    /** A frame that failed to decode (its exchange still says so, with the error). */
    DECODE,
    /** A response whose request was not captured. */
    UNMATCHED_RESPONSE,
    /** A request whose response was not captured (and was expected). */
    UNANSWERED
  }

  /** {@code offset 1234, packet 17, 10.0.0.1:50000 -> 10.0.0.2:9092: message}. */
  @Override
  public String toString() {
    StringBuilder where = new StringBuilder();
    if (fileOffset >= 0) {
      where.append("offset ").append(fileOffset);
    }
    if (packet > 0) {
      where.append(where.length() == 0 ? "" : ", ").append("packet ").append(packet);
    }
    if (connection != null) {
      where.append(where.length() == 0 ? "" : ", ").append(connection);
    }
    return (where.length() == 0 ? "" : where + ": ") + kind.name().toLowerCase(java.util.Locale.ROOT) + ": " + message;
  }
}
