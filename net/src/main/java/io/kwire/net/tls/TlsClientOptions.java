package io.kwire.net.tls;

import io.kwire.net.KwireClient;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A TLS client's settings, named after Kafka's: the CAs to trust ({@code ssl.truststore.*} or a PEM bundle),
 * an optional client key for mutual authentication ({@code ssl.keystore.*}), {@code ssl.enabled.protocols},
 * {@code ssl.cipher.suites}, and {@code ssl.endpoint.identification.algorithm}: {@code https} by default, as
 * Kafka since 2.0, so that the server's certificate must name the host connected to (a SAN DNS name or IP).
 * Verification needs the host: make each connection's handler with {@code
 * sslContext().newHandler(channel.alloc(), host, port)}.
 */
public final class TlsClientOptions {
  /** Kafka's {@code ssl.enabled.protocols} default, the newest first. */
  public static final List<String> DEFAULT_PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  private final TrustMaterial trust;
  private final Optional<KeyMaterial> key;
  private final List<String> protocols;
  private final Optional<List<String>> cipherSuites;
  private final boolean endpointIdentification;

  private TlsClientOptions(Builder builder) {
    this.trust = builder.trust;
    this.key = Optional.ofNullable(builder.key);
    this.protocols = builder.protocols;
    this.cipherSuites = Optional.ofNullable(builder.cipherSuites);
    this.endpointIdentification = builder.endpointIdentification;
  }

  /** Settings trusting these CAs; everything else at Kafka's defaults. */
  public static Builder builder(TrustMaterial trust) {
    return new Builder(trust);
  }

  /** True when the server's certificate must match the host ({@code ssl.endpoint.identification.algorithm=https}). */
  public boolean endpointIdentification() {
    return endpointIdentification;
  }

  /**
   * Makes {@code builder} speak TLS with these options ({@code builder.sslContext(sslContext())}),
   * without the caller naming Netty's {@code SslContext}, so that it needs no Netty dependency of its own.
   *
   * @throws TlsConfigException if a key store, PEM file or setting cannot be used
   */
  public KwireClient.Builder applyTo(KwireClient.Builder builder) {
    return builder.sslContext(sslContext());
  }

  /**
   * Netty's client context on the JDK provider.
   *
   * @throws TlsConfigException if a key store, PEM file or setting cannot be used
   */
  public SslContext sslContext() {
    SslContextBuilder builder = SslContextBuilder.forClient()
        .endpointIdentificationAlgorithm(endpointIdentification ? "HTTPS" : null);
    ContextBuilders.addTrust(builder, trust);
    key.ifPresent(k -> ContextBuilders.addKey(builder, k));
    return ContextBuilders.build(builder, protocols, cipherSuites, "client");
  }

  /** Collects the settings. */
  public static final class Builder {
    private final TrustMaterial trust;
    private KeyMaterial key;
    private List<String> protocols = DEFAULT_PROTOCOLS;
    private List<String> cipherSuites;
    private boolean endpointIdentification = true;

    private Builder(TrustMaterial trust) {
      this.trust = Objects.requireNonNull(trust, "trust");
    }

    /** The client's own certificate and key, for servers with {@code ssl.client.auth} requested or required. */
    public Builder key(KeyMaterial key) {
      this.key = key;
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

    /** {@code ssl.endpoint.identification.algorithm}: {@code https} (true, the default) or empty (false). */
    public Builder endpointIdentification(boolean enabled) {
      this.endpointIdentification = enabled;
      return this;
    }

    /** The settings. */
    public TlsClientOptions build() {
      return new TlsClientOptions(this);
    }
  }
}
