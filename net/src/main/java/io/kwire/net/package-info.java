/**
 * A Kafka-protocol server ({@link io.kwire.net.KwireServer}) and client ({@link io.kwire.net.KwireClient})
 * on Netty, speaking kwire's generated records: typed handlers per API, ApiVersions answered from
 * them, responses in request order whatever order handlers finish in, back-pressure, and the
 * limits Kafka's broker applies. docs/net.md describes the design.
 */
package io.kwire.net;
