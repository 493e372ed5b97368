/**
 * The translation layer of {@code kwire bridge}: requests at protocol versions a Kafka 4.x broker
 * no longer accepts (KIP-896) become requests of the same meaning at the lowest version it does
 * accept, and their responses are translated back. Network-free: a proxy decodes frames with
 * kwire, asks {@link io.kwire.bridge.BridgeTranslator} what to do with each request, and encodes
 * what it is given. Every mapping is listed in {@code docs/bridge.md}.
 */
package io.kwire.bridge;
