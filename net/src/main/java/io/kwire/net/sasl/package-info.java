/**
 * SASL for Kafka connections, without Netty: the mechanisms PLAIN (RFC 4616), SCRAM-SHA-256 (RFC 7677)
 * and SCRAM-SHA-512 (RFC 5802) as small state machines ({@link io.kwire.net.sasl.SaslServerMechanism},
 * {@link io.kwire.net.sasl.SaslClientMechanism}, made by {@link io.kwire.net.sasl.SaslMechanisms}), the
 * users a server accepts ({@link io.kwire.net.sasl.SaslUserStore}), and Kafka's exchange around them
 * (SaslHandshake, SaslAuthenticate, KIP-368 re-authentication): {@link
 * io.kwire.net.sasl.SaslServerAuthenticator} and {@link io.kwire.net.sasl.SaslClientAuthenticator}, one
 * per connection. See docs/net-security.md.
 */
package io.kwire.net.sasl;
