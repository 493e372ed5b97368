/**
 * TLS for Kafka connections on Netty's {@code SslHandler} over the JDK's SSLEngine: server and client
 * settings named after Kafka's {@code ssl.*} configs ({@link io.kwire.net.tls.TlsServerOptions}, {@link
 * io.kwire.net.tls.TlsClientOptions}), key stores or PEM files ({@link io.kwire.net.tls.KeyMaterial},
 * {@link io.kwire.net.tls.TrustMaterial}), and the principal of a client certificate ({@link
 * io.kwire.net.tls.TlsPrincipals}). See docs/net-security.md.
 */
package io.kwire.net.tls;
