package io.kwire.capture;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.RequestHeader;
import io.kwire.runtime.ResponseHeader;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One request and its response, as captured on one connection. The request is always there (a
 * response whose request was not captured is a {@link CaptureIssue}); the response may not be: a
 * Produce with {@code acks=0} has none, and the capture may end, or lose it, first.
 *
 * @param connection the connection: client, broker, and what is known of it
 * @param apiKey the request's API key
 * @param version the request's version (the response's too)
 * @param correlationId the request header's correlation id
 * @param requestCodec the codec of the request, null when the API key is one the registry lacks
 * @param requestHeader the decoded request header, null when it did not decode
 * @param request the decoded request body, null when it did not decode
 * @param requestFrame the request's frame as captured (size prefix included); null when over a buffer limit
 * @param requestSize the request frame's size in bytes (size prefix included)
 * @param requestTime when the request's last byte was captured
 * @param responseCodec the codec of the response, null when there is no response or no codec
 * @param responseVersion the version the response was read at (the request's, or 0 for an
 *     ApiVersions response a broker wrote at version 0 because it did not know the request's version)
 * @param responseHeader the decoded response header, null when absent or not decoded
 * @param response the decoded response body, null when absent or not decoded
 * @param responseFrame the response's frame as captured, null when absent
 * @param responseSize the response frame's size in bytes, -1 when absent
 * @param responseTime when the response's last byte was captured, null when absent
 * @param errors what did not decode, one line each (empty when everything did)
 * @param notes what else a reader should know (no response expected, capture ended first, ...)
 */
public record Exchange(Conversation connection, short apiKey, short version, int correlationId,
    ApiMessageCodec<?> requestCodec, RequestHeader requestHeader, Object request, byte[] requestFrame,
    int requestSize, Instant requestTime, ApiMessageCodec<?> responseCodec, short responseVersion,
    ResponseHeader responseHeader, Object response, byte[] responseFrame, int responseSize, Instant responseTime,
    List<String> errors, List<String> notes) {

  public Exchange {
    errors = List.copyOf(errors);
    notes = List.copyOf(notes);
  }

  /** The API's name without Request/Response ({@code Fetch}), or {@code apiKey=N} for an unknown key. */
  public String api() {
    return requestCodec == null ? "apiKey=" + apiKey
        : requestCodec.descriptor().name().replaceFirst("Request$", "");
  }

  /** The request header's client id, null when absent. */
  public String clientId() {
    return requestHeader == null ? null : requestHeader.clientId();
  }

  /** From the request's last byte to the response's, null without a response. */
  public Duration latency() {
    return responseTime == null ? null : Duration.between(requestTime, responseTime);
  }

  /** Whether a response was captured. */
  public boolean answered() {
    return responseFrame != null;
  }
}
