package io.kwire.net.tls;

import io.kwire.net.KwireServer;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A TLS listener's settings, named after Kafka's: the server's key ({@code ssl.keystore.*} or PEM), the CAs
 * that sign client certificates ({@code ssl.truststore.*}), {@code ssl.client.auth}, {@code
 * ssl.enabled.protocols} (TLSv1.3 and TLSv1.2 by default) and {@code ssl.cipher.suites} (the JDK's by
 * default). {@link #sslContext()} builds Netty's context on the JDK's SSLEngine; the pipeline puts {@code
 * context.newHandler(channel.alloc())} first, and reads the peer with {@link TlsPrincipals}.
 */
public final class TlsServerOptions {
  private final KeyMaterial key;
  private final Optional<TrustMaterial> trust;
  private final TlsClientAuth clientAuth;
  private final List<String> protocols;
  private final Optional<List<String>> cipherSuites;

  private TlsServerOptions(Builder builder) {
    this.key = Objects.requireNonNull(builder.key, "key");
    this.trust = Optional.ofNullable(builder.trust);
    this.clientAuth = builder.clientAuth;
    this.protocols = List.copyOf(builder.protocols);
    this.cipherSuites = Optional.ofNullable(builder.cipherSuites).map(List::copyOf);
    if (clientAuth != TlsClientAuth.NONE && trust.isEmpty()) {
      throw new IllegalArgumentException("ssl.client.auth=" + clientAuth.name().toLowerCase(Locale.ROOT)
          + " needs a trust store for the client certificates");
    }
  }

  /** Settings with this server key; everything else at Kafka's defaults. */
  public static Builder builder(KeyMaterial key) {
    return new Builder(key);
  }

  /** {@code ssl.client.auth}. */
  public TlsClientAuth clientAuth() {
    return clientAuth;
  }

  /**
   * Makes {@code builder} speak TLS with these options ({@code builder.sslContext(sslContext())}),
   * without the caller naming Netty's {@code SslContext}, so that it needs no Netty dependency of its own.
   *
   * @throws TlsConfigException if a key store, PEM file or setting cannot be used
   */
  public KwireServer.Builder applyTo(KwireServer.Builder builder) {
    return builder.sslContext(sslContext());
  }

  /**
   * Netty's server context on the JDK provider.
   *
   * @throws TlsConfigException if a key store, PEM file or setting cannot be used
   */
  public SslContext sslContext() {
    SslContextBuilder builder = ContextBuilders.forServer(key).clientAuth(clientAuth.netty());
    trust.ifPresent(t -> ContextBuilders.addTrust(builder, t));
    return ContextBuilders.build(builder, protocols, cipherSuites, "server");
  }

  /** Collects the settings. */
  public static final class Builder {
    private final KeyMaterial key;
    private TrustMaterial trust;
    private TlsClientAuth clientAuth = TlsClientAuth.NONE;
    private List<String> protocols = TlsClientOptions.DEFAULT_PROTOCOLS;
    private List<String> cipherSuites;

    private Builder(KeyMaterial key) {
      this.key = key;
    }

    /** The CAs client certificates must chain to ({@code ssl.truststore.*}). */
    public Builder trust(TrustMaterial trust) {
      this.trust = trust;
      return this;
    }

    /** {@code ssl.client.auth}; needs {@link #trust}. */
    public Builder clientAuth(TlsClientAuth clientAuth) {
      this.clientAuth = Objects.requireNonNull(clientAuth);
      return this;
    }

    /** {@code ssl.enabled.protocols}. */
    public Builder protocols(List<String> protocols) {
      this.protocols = List.copyOf(protocols);
      return this;
    }

    /** {@code ssl.cipher.suites}. */
    public Builder cipherSuites(List<String> cipherSuites) {
      this.cipherSuites = List.copyOf(cipherSuites);
      return this;
    }

    /** The settings. */
    public TlsServerOptions build() {
      return new TlsServerOptions(this);
    }
  }
}
