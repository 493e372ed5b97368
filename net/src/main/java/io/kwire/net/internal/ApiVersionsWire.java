package io.kwire.net.internal;

import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.DecodeOptions;
import io.kwire.runtime.KwireProtocolException;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.WireReader;
import io.kwire.runtime.wire.WireWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * ApiVersions (key 18) written and read by hand: kwire-net depends on the runtime alone, and its
 * records for Kafka's APIs live in kwire-messages, which a server of only its own APIs need not
 * have. Versions 0-5; the response header is version 0 in every version (so a client reads the
 * correlation id whatever version it guessed).
 */
public final class ApiVersionsWire {
  public static final short API_KEY = 18;
  public static final VersionRange VERSIONS = VersionRange.of(0, 5);
  /** Kafka's error code for an ApiVersions version the server lacks. */
  public static final short UNSUPPORTED_VERSION = 35;
  /** Kafka's error code for a client software name or version outside the allowed pattern. */
  public static final short INVALID_REQUEST = 42;
  /** Kafka's rule (KIP-511) for client software names and versions. */
  private static final Pattern SOFTWARE = Pattern.compile("[a-zA-Z0-9](?:[a-zA-Z0-9\\-.]*[a-zA-Z0-9])?");

  private ApiVersionsWire() {}

  /** The request header version of ApiVersions {@code version}, known or not: v2 from the flexible v3 on. */
  public static short requestHeaderVersion(short version) {
    return version >= 3 ? (short) 2 : (short) 1;
  }

  /** The request body, as far as a server needs it. */
  public record Request(String clientSoftwareName, String clientSoftwareVersion) {
    /** Kafka answers INVALID_REQUEST when a v3+ request's software name or version breaks KIP-511's pattern. */
    public boolean valid(short version) {
      return version < 3 || (SOFTWARE.matcher(clientSoftwareName).matches()
          && SOFTWARE.matcher(clientSoftwareVersion).matches());
    }
  }

  /** Reads the body of a request at a version in {@link #VERSIONS}. */
  public static Request readRequestBody(WireReader in, short version) {
    if (version < 3) {
      return new Request("", "");
    }
    String name = in.readCompactString(false);
    String softwareVersion = in.readCompactString(false);
    if (version >= 5) {
      in.readCompactString(true); // clusterId
      in.readInt32(); // nodeId
    }
    in.skipTaggedSection();
    return new Request(name, softwareVersion);
  }

  /** A whole request frame: header v1 or v2, then the body (software name and version from v3). */
  public static byte[] encodeRequest(short version, int correlationId, String clientId, String softwareName,
      String softwareVersion) {
    WireWriter out = new WireWriter(64);
    out.writeInt32(0);
    out.writeInt16(API_KEY);
    out.writeInt16(version);
    out.writeInt32(correlationId);
    out.writeString(clientId);
    if (requestHeaderVersion(version) >= 2) {
      out.writeUnsignedVarint(0);
    }
    if (version >= 3) {
      out.writeCompactString(softwareName);
      out.writeCompactString(softwareVersion);
      if (version >= 5) {
        out.writeCompactString(null);
        out.writeInt32(-1);
      }
      out.writeUnsignedVarint(0);
    }
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }

  /** A whole response frame at {@code version}: header v0, error code, API keys, throttle time (v1+), tags (v3+). */
  public static byte[] encodeResponse(int correlationId, short version, short errorCode, List<BrokerRange> apiKeys) {
    boolean flexible = version >= 3;
    WireWriter out = new WireWriter(16 + 7 * apiKeys.size());
    out.writeInt32(0);
    out.writeInt32(correlationId);
    out.writeInt16(errorCode);
    if (flexible) {
      out.writeUnsignedVarint(apiKeys.size() + 1);
    } else {
      out.writeInt32(apiKeys.size());
    }
    for (BrokerRange range : apiKeys) {
      out.writeInt16(range.apiKey());
      out.writeInt16(range.minVersion());
      out.writeInt16(range.maxVersion());
      if (flexible) {
        out.writeUnsignedVarint(0);
      }
    }
    if (version >= 1) {
      out.writeInt32(0); // throttleTimeMs
    }
    if (flexible) {
      out.writeUnsignedVarint(0);
    }
    out.patchInt32(0, out.position() - 4);
    return out.toByteArray();
  }

  /** A response read back; {@code bodyVersion} is 0 after the fallback. */
  public record Response(int correlationId, short errorCode, List<BrokerRange> apiKeys, short bodyVersion) {}

  /**
   * Reads a response to a request sent at {@code requestedVersion}: at that version, and when that
   * fails at version 0, which must then carry UNSUPPORTED_VERSION (the broker's fallback).
   */
  public static Response decodeResponse(byte[] frame, short requestedVersion, DecodeOptions options) {
    try {
      return read(frame, requestedVersion, options);
    } catch (KwireProtocolException first) {
      if (requestedVersion == 0) {
        throw first;
      }
      try {
        Response fallback = read(frame, (short) 0, options);
        if (fallback.errorCode() != UNSUPPORTED_VERSION) {
          throw new KwireProtocolException(8, "an ApiVersions response read at version 0 in place of version "
              + requestedVersion + " must carry error UNSUPPORTED_VERSION (35), not " + fallback.errorCode());
        }
        return fallback;
      } catch (KwireProtocolException second) {
        first.addSuppressed(second);
        throw first;
      }
    }
  }

  private static Response read(byte[] frame, short version, DecodeOptions options) {
    boolean flexible = version >= 3;
    WireReader in = new WireReader(frame, 0, frame.length, options);
    in.skip(4);
    int correlationId = in.readInt32();
    short errorCode = in.readInt16();
    int count = flexible ? in.readCompactArrayLength(false, 6) : in.readArrayLength(false, 6);
    List<BrokerRange> ranges = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      ranges.add(new BrokerRange(in.readInt16(), in.readInt16(), in.readInt16()));
      if (flexible) {
        in.skipTaggedSection();
      }
    }
    if (version >= 1) {
      in.readInt32();
    }
    if (flexible) {
      in.skipTaggedSection(); // supported and finalized features: not needed to pick versions
    }
    in.requireFullyConsumed();
    return new Response(correlationId, errorCode, List.copyOf(ranges), version);
  }
}
