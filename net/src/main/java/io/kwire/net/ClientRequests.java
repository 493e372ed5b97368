package io.kwire.net;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.Frames;
import io.kwire.runtime.MessageCodec;
import io.kwire.runtime.RawRequestFrame;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Turns a client's requests into frames: the codecs of a record class, the version agreed for an
 * API, the header with the connection's next correlation id; and reads what a frame the caller
 * encoded says of itself.
 */
final class ClientRequests {
  /** A caller's frame is checked for its shape, not for the client's response size cap. */
  private static final DecodeOptions ANY_SIZE = DecodeOptions.STRICT.withMaxFrameSize(Integer.MAX_VALUE);

  private final ClientSettings settings;
  private final AtomicInteger correlationIds = new AtomicInteger();

  ClientRequests(ClientSettings settings) {
    this.settings = settings;
  }

  int nextCorrelationId() {
    return correlationIds.getAndIncrement();
  }

  RequestHeader header(short apiKey, short version) {
    return new RequestHeader(apiKey, version, nextCorrelationId(), settings.clientId());
  }

  /** @throws IllegalArgumentException if the registry has no request or response codec for {@code type} */
  @SuppressWarnings("unchecked")
  <T> ApiMessageCodec<T> codec(Class<?> type) {
    MessageCodec<?> codec = settings.registry().codecFor(type);
    if (!(codec instanceof ApiMessageCodec<?> api)) {
      throw new IllegalArgumentException(type.getName() + " has no request or response codec in the registry");
    }
    return (ApiMessageCodec<T>) api;
  }

  /**
   * The highest version both codecs and the server support.
   *
   * @throws IllegalStateException if there is none (the server does not list the API, or lists no
   *     version kwire's codecs know), or no versions were agreed (a client of raw frames)
   */
  static short agreedVersion(ApiVersionNegotiation versions, ApiMessageCodec<?> request, ApiMessageCodec<?> response) {
    int key = request.apiKey();
    if (versions == null) {
      throw new IllegalStateException("a client of raw frames agreed no versions: give the version to send at");
    }
    VersionRange ours = request.descriptor().validVersions().intersect(response.descriptor().validVersions());
    Optional<BrokerRange> theirs = versions.broker(key);
    VersionRange common = theirs.map(r -> r.versions().intersect(ours)).orElse(VersionRange.NONE);
    if (common.isEmpty()) {
      throw new IllegalStateException("no version of " + request.descriptor().name() + " (api key " + key
          + ") is supported by both the server (" + theirs.map(r -> r.versions().toString()).orElse("not listed")
          + ") and kwire (" + ours + ")");
    }
    return common.highest();
  }

  /**
   * What a whole request frame the caller encoded says of itself (api key, version, correlation id).
   *
   * @throws IllegalArgumentException if it is too short for them or its size prefix disagrees with its length
   */
  static RawRequestFrame peek(byte[] frame) {
    try {
      return Frames.peekRequest(frame, ANY_SIZE);
    } catch (KwireProtocolException e) {
      throw new IllegalArgumentException("not a request frame: " + e.getMessage(), e);
    }
  }

  /**
   * Whether a request waits for a response: all but a Produce with {@code acks=0}, read from the
   * frame (one whose acks do not read is taken to wait: the broker judges it).
   */
  static boolean expectsResponse(RawRequestFrame request) {
    if (request.apiKey() != ProduceAcks.PRODUCE) {
      return true;
    }
    short version = request.apiVersion();
    try {
      return ProduceAcks.of(request.frame(), version, version >= 9 ? (short) 2 : (short) 1) != 0;
    } catch (RuntimeException e) {
      return true;
    }
  }
}
