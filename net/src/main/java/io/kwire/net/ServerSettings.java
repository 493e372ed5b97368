package io.kwire.net;

import io.kwire.runtime.ApiVersionNegotiation.BrokerRange;
import io.kwire.runtime.meta.VersionRange;
import io.kwire.runtime.wire.DecodeOptions;
import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * What every connection of one server shares.
 *
 * @param routes handlers by api key (null where none)
 * @param apiVersions the ApiVersions response's entries, by api key
 * @param apiVersionsVersions the ApiVersions versions answered (others get v0 UNSUPPORTED_VERSION)
 * @param sslContext TLS, first in the pipeline; null for plaintext
 * @param authenticator the authentication stage before dispatch; null for none
 * @param rawSessions the sessions of a server serving frames undecoded (no routes then); null for none
 * @param frameBudget the bound on partial request frames buffered across all connections; null for none
 */
record ServerSettings(
    Route<?, ?>[] routes,
    List<BrokerRange> apiVersions,
    VersionRange apiVersionsVersions,
    DecodeOptions options,
    int maxInFlight,
    Duration idleTimeout,
    Duration handlerTimeout,
    int maxConnections,
    SslContext sslContext,
    ServerAuthenticator authenticator,
    Function<Connection, RawSession> rawSessions,
    FrameBudget frameBudget) {

  public Route<?, ?> route(short apiKey) {
    return apiKey >= 0 && apiKey < routes.length ? routes[apiKey] : null;
  }
}
