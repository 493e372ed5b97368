/**
 * A Kafka-protocol server ({@link io.kwire.net.KwireServer}) and client ({@link io.kwire.net.KwireClient})
 * on Netty, speaking kwire's generated records: typed handlers per API, ApiVersions answered from
 * them, responses in request order whatever order handlers finish in, back-pressure, and the
 * limits Kafka's broker applies. docs/net.md describes the design.
 *
 * <p>The pipeline's handlers and wire helpers are package-private here (one package, so that the
 * public types and their implementation form no package cycle); {@link io.kwire.net.FrameDecoders}
 * is public for Netty pipelines of one's own that read Kafka frames.
 */
package io.kwire.net;
