package io.kwire.net;

import io.kwire.runtime.ApiVersionNegotiation;
import io.kwire.runtime.meta.VersionRange;
import java.util.concurrent.CompletableFuture;

/**
 * A client's ApiVersions on connecting: at the highest version kwire-net speaks, again at the
 * server's highest after a version 0 fallback (UNSUPPORTED_VERSION), then one
 * {@link ApiVersionNegotiation} with the client's registry.
 */
final class ApiVersionsExchange {
  private static final String SOFTWARE_NAME = "kwire-net";
  private static final String SOFTWARE_VERSION = "0.1.0";

  private final ClientChannel channel;
  private final ClientRequests requests;
  private final ClientSettings settings;

  ApiVersionsExchange(ClientChannel channel, ClientRequests requests, ClientSettings settings) {
    this.channel = channel;
    this.requests = requests;
    this.settings = settings;
  }

  CompletableFuture<ApiVersionNegotiation> negotiate() {
    return negotiate(ApiVersionsWire.VERSIONS.highest());
  }

  private CompletableFuture<ApiVersionNegotiation> negotiate(short version) {
    int correlationId = requests.nextCorrelationId();
    byte[] frame = ApiVersionsWire.encodeRequest(version, correlationId, settings.clientId(), SOFTWARE_NAME,
        SOFTWARE_VERSION);
    CompletableFuture<ApiVersionsWire.Response> reply = new CompletableFuture<>();
    channel.write(frame, new ResponseMatcher.Pending<>(correlationId,
        bytes -> ApiVersionsWire.decodeResponse(bytes, version, settings.options()), reply));
    return reply.thenCompose(response -> {
      if (response.errorCode() == ApiVersionsWire.UNSUPPORTED_VERSION) {
        short retry = response.apiKeys().stream().filter(r -> r.apiKey() == ApiVersionsWire.API_KEY)
            .map(r -> r.versions().intersect(ApiVersionsWire.VERSIONS)).filter(r -> !r.isEmpty())
            .map(VersionRange::highest).findFirst().orElse((short) -1);
        if (retry < 0 || retry >= version) {
          return CompletableFuture.failedFuture(new IllegalStateException(
              "the server supports no ApiVersions version kwire-net speaks (" + ApiVersionsWire.VERSIONS + ")"));
        }
        return negotiate(retry);
      }
      if (response.errorCode() != 0) {
        return CompletableFuture.failedFuture(new IllegalStateException(
            "the server answered ApiVersions v" + version + " with error " + response.errorCode()));
      }
      return CompletableFuture.completedFuture(ApiVersionNegotiation.of(response.apiKeys(), settings.registry()));
    });
  }
}
