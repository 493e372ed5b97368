package io.kwire.net;

import io.kwire.runtime.ApiMessageCodec;
import io.kwire.runtime.TopLevelErrors;

/**
 * Kafka's answer to a request whose handler failed: the API's response with error
 * UNKNOWN_SERVER_ERROR (-1), built by the runtime's {@link TopLevelErrors} for a response whose
 * top-level {@code ErrorCode} (int16) follows only fixed-size fields at the version (ApiVersions,
 * DescribeCluster, SaslHandshake, most admin APIs, a user's API with an error code first). Responses whose errors live per topic or partition (Produce,
 * Fetch, Metadata...) have none; the server then closes the connection.
 */
final class ErrorResponses {
  public static final short UNKNOWN_SERVER_ERROR = -1;

  private ErrorResponses() {}

  /** The whole error response frame, or null when none can be built for this API and version. */
  public static <R> byte[] unknownServerError(ApiMessageCodec<R> codec, short version, int correlationId) {
    return TopLevelErrors.frame(codec, version, correlationId, UNKNOWN_SERVER_ERROR);
  }
}
