/**
 * {@code kwire proxy}: a Kafka proxy on Netty that decodes every frame with kwire and forwards the
 * re-encoded bytes, rewrites broker addresses to its own, can cap ApiVersions to what kwire
 * decodes, logs each message as Kafka's JSON and checks each re-encoding. Start at
 * {@link io.kwire.proxy.KwireProxy}. Netty lives in this module only; the codec modules stay
 * JDK-only.
 */
package io.kwire.proxy;
