package io.kwire.runtime;

import io.kwire.annotations.MessageType;
import io.kwire.runtime.wire.DecodeOptions;
import io.kwire.runtime.wire.KwireProtocolException;

/**
 * An ApiVersions response frame read back, and the version its body was read at. A broker asked at
 * an ApiVersions version it lacks does not answer at that version: it answers at version 0 with
 * error UNSUPPORTED_VERSION (35) and, in {@code apiKeys}, the ApiVersions versions it does support
 * (its response header is version 0 either way, so the correlation id reads the same). {@link
 * #decode} reads such a frame as Kafka's client does: at the version asked for, and at version 0
 * when that fails. Ask again at {@code ApiVersionNegotiation.require(18)} after a fallback.
 *
 * @param header the response header (always version 0 for ApiVersions)
 * @param body the response
 * @param requestedVersion the version of the request this answers
 * @param bodyVersion the version {@code body} was read at: {@code requestedVersion}, or 0 after a fallback
 * @param <T> the ApiVersions response record
 */
public record ApiVersionsReply<T>(ResponseHeader header, T body, short requestedVersion, short bodyVersion) {
  private static final short API_VERSIONS_KEY = 18;
  /** Size prefix and correlation id precede the body's error code. */
  private static final int ERROR_CODE_OFFSET = 8;

  /** True when the broker answered at version 0 in place of {@code requestedVersion}. */
  public boolean fellBack() {
    return bodyVersion != requestedVersion;
  }

  /** {@link #decode(byte[], ApiMessageCodec, short, DecodeOptions)} with {@link DecodeOptions#STRICT}. */
  public static <T> ApiVersionsReply<T> decode(byte[] frame, ApiMessageCodec<T> codec, short requestedVersion) {
    return decode(frame, codec, requestedVersion, DecodeOptions.STRICT);
  }

  /**
   * Reads the response to an ApiVersions request sent at {@code requestedVersion}, which may be a
   * version kwire has no codec for (the broker's answer is then the version 0 fallback). The body is
   * read at {@code requestedVersion} when the codec has it; when that fails, or the codec lacks it, it
   * is read at version 0, which is accepted only if its error code is UNSUPPORTED_VERSION (35), the
   * only case in which a broker answers at version 0 a request of another version.
   *
   * @throws IllegalArgumentException if {@code codec} is not the ApiVersions (key 18) response codec
   * @throws KwireProtocolException if the frame reads neither way; the first failure, with the
   *     version 0 attempt's failure suppressed
   */
  public static <T> ApiVersionsReply<T> decode(byte[] frame, ApiMessageCodec<T> codec, short requestedVersion,
      DecodeOptions options) {
    if (codec.apiKey() != API_VERSIONS_KEY || codec.type() != MessageType.RESPONSE) {
      throw new IllegalArgumentException(codec.descriptor().name() + " is not the ApiVersions response codec");
    }
    KwireProtocolException first = null;
    if (codec.descriptor().validVersions().contains(requestedVersion)) {
      try {
        DecodedResponse<T> decoded = Frames.decodeResponse(frame, codec, requestedVersion, options);
        return new ApiVersionsReply<>(decoded.header(), decoded.body(), requestedVersion, requestedVersion);
      } catch (KwireProtocolException e) {
        if (requestedVersion == 0) {
          throw e;
        }
        first = e;
      }
    }
    try {
      DecodedResponse<T> decoded = Frames.decodeResponse(frame, codec, (short) 0, options);
      short errorCode = (short) (((frame[ERROR_CODE_OFFSET] & 0xff) << 8) | (frame[ERROR_CODE_OFFSET + 1] & 0xff));
      if (errorCode != ApiVersionNegotiation.UNSUPPORTED_VERSION) {
        throw new KwireProtocolException(ERROR_CODE_OFFSET, "an ApiVersions response read at version 0 in place"
            + " of version " + requestedVersion + " must carry error UNSUPPORTED_VERSION (35), not " + errorCode);
      }
      return new ApiVersionsReply<>(decoded.header(), decoded.body(), requestedVersion, (short) 0);
    } catch (KwireProtocolException e) {
      if (first == null) {
        throw e;
      }
      first.addSuppressed(e);
      throw first;
    }
  }
}
