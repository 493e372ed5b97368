package io.kwire.proxy;

import io.kwire.proxy.AdvertisedAddresses.Address;
import io.kwire.proxy.AdvertisedAddresses.Seen;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * KIP-951's node endpoints of a Fetch (v16+) or Produce (v10+) response rewritten where they are, in
 * the top-level tagged fields at the very end of the frame, without decoding the rest: the proxy
 * forwards a Fetch response while it arrives ({@link StreamedResponse}), and only its tail waits; a
 * Produce response (small) is walked rather than decoded. The frame's size was
 * sent first, so the tail keeps its length: shorter endpoints are followed by a padding field of a tag
 * Kafka does not define (clients keep unknown tagged fields unread); endpoints that would be longer
 * are left out, the padding filling their place, and the client, finding no endpoint for a new
 * leader, asks Metadata (KIP-951's fallback). Brokers send endpoints only with NOT_LEADER_OR_FOLLOWER
 * or FENCED_LEADER_EPOCH, so nearly every tail passes as it came.
 */
final class NodeEndpointsTail {
  static final short PRODUCE = 0;
  static final short FETCH = 1;
  /** The first Fetch version with node endpoints (tag 0 of the top level). */
  static final short FIRST_WITH_ENDPOINTS = 16;
  /** The first Produce version with node endpoints. */
  static final short FIRST_PRODUCE_WITH_ENDPOINTS = 10;

  /** Whether {@code apiKey} at {@code version} has node endpoints this class rewrites. */
  static boolean hasEndpoints(short apiKey, short version) {
    return apiKey == FETCH ? version >= FIRST_WITH_ENDPOINTS : apiKey == PRODUCE && version >= FIRST_PRODUCE_WITH_ENDPOINTS;
  }

  /** {@link #taggedFieldsStart} of a response of {@code apiKey} at {@code version} ({@link #hasEndpoints}). */
  static int taggedFieldsStart(short apiKey, short version, ByteBuf frame) {
    return apiKey == FETCH ? taggedFieldsStart(frame) : produceTaggedFieldsStart(frame, version);
  }

  /**
   * Where the top-level tagged fields of the Produce response {@code frame} (v10+) begin; -1 when the
   * frame does not read that far.
   */
  static int produceTaggedFieldsStart(ByteBuf frame, short version) {
    try {
      Walk w = new Walk(frame, 8); // size, correlation id
      w.taggedFields(); // the header's
      long topics = w.varint() - 1;
      for (long t = 0; t < topics; t++) {
        if (version >= 13) {
          w.skip(16); // topic id
        } else {
          w.skip(w.varint() - 1); // name
        }
        long partitions = w.varint() - 1;
        for (long p = 0; p < partitions; p++) {
          w.skip(4 + 2 + 8 + 8 + 8); // index, error code, base offset, log append time, log start offset
          long errors = w.varint() - 1;
          for (long e = 0; e < errors; e++) {
            w.skip(4); // batch index
            w.skip(Math.max(0, w.varint() - 1)); // its message, nullable
            w.taggedFields();
          }
          w.skip(Math.max(0, w.varint() - 1)); // error message, nullable
          w.taggedFields(); // current leader
        }
        w.taggedFields();
      }
      w.skip(4); // throttle time
      return w.at;
    } catch (IndexOutOfBoundsException e) {
      return -1;
    }
  }
  private static final long NODE_ENDPOINTS = 0;

  private NodeEndpointsTail() {}

  /**
   * Where the top-level tagged fields of the Fetch response {@code frame} (v12+: flexible, size prefix
   * included, from index 0 to its writer index) begin; -1 when the frame does not read that far.
   */
  static int taggedFieldsStart(ByteBuf frame) {
    try {
      Walk w = new Walk(frame, 8); // size, correlation id
      w.taggedFields(); // the header's
      w.skip(4 + 2 + 4); // throttle time, error code, session id
      long topics = w.varint() - 1;
      for (long t = 0; t < topics; t++) {
        w.skip(16); // topic id
        long partitions = w.varint() - 1;
        for (long p = 0; p < partitions; p++) {
          w.skip(4 + 2 + 8 + 8 + 8); // index, error code, high watermark, last stable offset, log start offset
          long aborted = w.varint() - 1;
          for (long a = 0; a < aborted; a++) {
            w.skip(8 + 8); // producer id, first offset
            w.taggedFields();
          }
          w.skip(4); // preferred read replica
          long records = w.varint() - 1;
          if (records > 0) {
            w.skip(records);
          }
          w.taggedFields(); // diverging epoch, current leader, snapshot id
        }
        w.taggedFields();
      }
      return w.at;
    } catch (IndexOutOfBoundsException e) {
      return -1;
    }
  }

  /**
   * The top-level tagged fields from {@code at} to the end of {@code frame} with the node endpoints'
   * addresses made the proxy's, exactly as long as they were; null when they carry no endpoints (nothing
   * to change). The brokers named are learnt first ({@link AdvertisedAddresses#learn}).
   *
   * @throws IllegalArgumentException if the tagged fields do not read
   */
  static byte[] rewritten(ByteBuf frame, int at, AdvertisedAddresses addresses) {
    int length = frame.writerIndex() - at;
    try {
      Walk w = new Walk(frame, at);
      long count = w.varint();
      List<byte[]> others = new ArrayList<>();
      long maxTag = 0;
      int endpointsAt = -1;
      for (long i = 0; i < count; i++) {
        int fieldAt = w.at;
        long tag = w.varint();
        long size = w.varint();
        int dataAt = w.at;
        w.skip(size);
        maxTag = Math.max(maxTag, tag);
        if (tag == NODE_ENDPOINTS) {
          endpointsAt = dataAt;
        } else {
          others.add(bytes(frame, fieldAt, w.at));
        }
      }
      if (w.at != frame.writerIndex()) {
        throw new IllegalArgumentException((frame.writerIndex() - w.at) + " bytes after the tagged fields");
      }
      if (endpointsAt < 0) {
        return null;
      }
      byte[] endpoints = endpoints(frame, endpointsAt, addresses);
      byte[] out = assemble(endpoints, others, maxTag, length);
      if (out == null) { // longer than the broker's: left out, the client asks Metadata
        out = assemble(null, others, maxTag, length);
      }
      if (out == null) {
        throw new IllegalArgumentException("no padding fits " + length + " bytes");
      }
      return out;
    } catch (IndexOutOfBoundsException e) {
      throw new IllegalArgumentException("the node endpoints do not read", e);
    }
  }

  /** The endpoints array at {@code at} (its count first), learnt and written with the proxy's addresses. */
  private static byte[] endpoints(ByteBuf frame, int at, AdvertisedAddresses addresses) {
    Walk w = new Walk(frame, at);
    long n = w.varint() - 1;
    List<Seen> seen = new ArrayList<>();
    List<byte[]> rests = new ArrayList<>(); // rack and tagged fields, kept as they came
    for (long i = 0; i < n; i++) {
      int nodeId = w.int32();
      String host = w.compactString();
      int port = w.int32();
      int restAt = w.at;
      long rack = w.varint() - 1;
      if (rack > 0) {
        w.skip(rack);
      }
      w.taggedFields();
      seen.add(new Seen(nodeId, host, port));
      rests.add(bytes(frame, restAt, w.at));
    }
    if (!seen.isEmpty()) {
      addresses.learn(seen, false);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    varint(out, n + 1);
    for (int i = 0; i < seen.size(); i++) {
      Address a = addresses.of(seen.get(i).nodeId());
      int32(out, seen.get(i).nodeId());
      byte[] host = a.host().getBytes(StandardCharsets.UTF_8);
      varint(out, host.length + 1L);
      out.writeBytes(host);
      int32(out, a.port());
      out.writeBytes(rests.get(i));
    }
    return out.toByteArray();
  }

  /**
   * The tagged fields (the endpoints field, when given, then {@code others}), padded to exactly
   * {@code length} bytes by a field of a tag past every other; null when they do not fit.
   */
  private static byte[] assemble(byte[] endpoints, List<byte[]> others, long maxTag, int length) {
    int fields = (endpoints != null ? 1 : 0) + others.size();
    int body = endpoints == null ? 0 : varintLength(NODE_ENDPOINTS) + varintLength(endpoints.length) + endpoints.length;
    for (byte[] other : others) {
      body += other.length;
    }
    long padTag = maxTag + 1;
    int padLength = -1;
    if (varintLength(fields) + body != length) {
      int room = length - varintLength(fields + 1) - body - varintLength(padTag);
      for (int pad = room - 1; pad >= 0 && pad >= room - 5; pad--) {
        if (varintLength(pad) + pad == room) {
          padLength = pad;
          break;
        }
      }
      if (padLength < 0) {
        return null;
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(length);
    varint(out, fields + (padLength >= 0 ? 1 : 0));
    if (endpoints != null) {
      varint(out, NODE_ENDPOINTS);
      varint(out, endpoints.length);
      out.writeBytes(endpoints);
    }
    others.forEach(out::writeBytes);
    if (padLength >= 0) {
      varint(out, padTag);
      varint(out, padLength);
      out.writeBytes(new byte[padLength]);
    }
    return out.toByteArray();
  }

  private static byte[] bytes(ByteBuf frame, int from, int to) {
    byte[] out = new byte[to - from];
    frame.getBytes(from, out);
    return out;
  }

  private static int varintLength(long value) {
    int n = 1;
    while ((value >>>= 7) != 0) {
      n++;
    }
    return n;
  }

  private static void varint(ByteArrayOutputStream out, long value) {
    while ((value & ~0x7FL) != 0) {
      out.write((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
  }

  private static void int32(ByteArrayOutputStream out, int value) {
    out.write(value >>> 24);
    out.write(value >>> 16);
    out.write(value >>> 8);
    out.write(value);
  }

  /** A read position in a frame; reading past its end throws {@link IndexOutOfBoundsException}. */
  private static final class Walk {
    private final ByteBuf frame;
    private int at;

    Walk(ByteBuf frame, int at) {
      this.frame = frame;
      this.at = at;
    }

    void skip(long n) {
      if (n < 0 || at + n > frame.writerIndex()) {
        throw new IndexOutOfBoundsException("past the frame's end");
      }
      at += (int) n;
    }

    int int32() {
      skip(4);
      return frame.getInt(at - 4);
    }

    long varint() {
      long value = 0;
      for (int shift = 0; shift < 35; shift += 7) {
        skip(1);
        byte b = frame.getByte(at - 1);
        value |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          return value;
        }
      }
      throw new IndexOutOfBoundsException("a varint longer than 5 bytes");
    }

    String compactString() {
      long n = varint() - 1;
      if (n < 0) {
        throw new IndexOutOfBoundsException("a null host");
      }
      skip(n);
      return frame.toString(at - (int) n, (int) n, StandardCharsets.UTF_8);
    }

    /** A tagged-fields section: a count, then tag, size and bytes of each. */
    void taggedFields() {
      long count = varint();
      for (long i = 0; i < count; i++) {
        varint();
        skip(varint());
      }
    }
  }
}
