package io.kwire.fake;

import io.kwire.fake.cluster.ClusterThread;
import io.kwire.fake.handlers.FakeApi;
import io.kwire.fake.security.SecurityState;
import io.kwire.net.KwireServer;
import io.kwire.net.sasl.SaslServerOptions;
import io.kwire.net.tls.TlsServerOptions;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * Starts a broker's server (one started with the cluster or added later): the listener's security
 * and limits, and every served API routed to the cluster ({@link RequestRouting}).
 */
final class BrokerServers {
  private final Duration idleTimeout;
  private final int maxConnections;
  private final TlsServerOptions tls;
  private final SaslServerOptions sasl;
  /** Each broker's share of the frame budget, as divided at the start (an added broker's too). */
  private final long frameShare;
  private final SecurityState security;
  private final ServedApis apis;
  private final ClusterThread thread;

  BrokerServers(Duration idleTimeout, int maxConnections, TlsServerOptions tls, SaslServerOptions sasl,
      long frameShare, SecurityState security, ServedApis apis, ClusterThread thread) {
    this.idleTimeout = idleTimeout;
    this.maxConnections = maxConnections;
    this.tls = tls;
    this.sasl = sasl;
    this.frameShare = frameShare;
    this.security = security;
    this.apis = apis;
    this.thread = thread;
  }

  /** Broker {@code nodeId}'s server, listening on {@code at} (its port 0 for a free one). */
  KwireServer start(int nodeId, InetSocketAddress at) {
    return serve(secured(frameShare, security), nodeId, at);
  }

  /** A server builder with the listener's security: TLS and SASL as set (each broker its own). */
  private KwireServer.Builder secured(long frameBytes, SecurityState security) {
    KwireServer.Builder server = KwireServer.builder().maxBufferedFrameBytes(frameBytes);
    if (idleTimeout != null) {
      server.idleTimeout(idleTimeout);
    }
    if (maxConnections != 0) {
      server.maxConnections(maxConnections);
    }
    if (tls != null) {
      server.sslContext(tls.sslContext());
    }
    if (sasl != null) {
      // SCRAM logins read the cluster's credentials, which AlterUserScramCredentials changes, and its
      // delegation tokens (tokenauth=true; none while tokens are off, so such a login fails as Kafka's)
      server.authenticator(new SaslServerOptions(sasl.enabledMechanisms(),
          security.scramUsers().serving(sasl.users()).withDelegationTokens(security.delegationTokens()::scramLogin),
          sasl.connectionsMaxReauth()).authenticator());
    }
    return server;
  }

  private KwireServer serve(KwireServer.Builder secured, int nodeId, InetSocketAddress at) {
    // A closing fake does not wait long for requests still parked (a join waiting for its rebalance).
    KwireServer.Builder server = secured.threads(1).registry(apis.registry())
        .shutdownTimeout(Duration.ofMillis(100))
        // The fake's own timers answer every parked request (rebalance and fetch waits); this is a backstop.
        .handlerTimeout(Duration.ofHours(1));
    if (apis.apiVersions() != null) {
      server.apiVersionsVersions(apis.apiVersions());
    }
    for (FakeApi<?, ?> api : apis.apis()) {
      RequestRouting.register(server, api, thread, apis.served(), apis.interception(), nodeId);
    }
    return server.start(at);
  }
}
