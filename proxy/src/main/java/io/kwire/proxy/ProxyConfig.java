package io.kwire.proxy;

import io.kwire.runtime.wire.DecodeOptions;
import java.net.InetSocketAddress;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * What a {@link KwireProxy} does. Start from {@link #of} and change one thing at a time with the
 * {@code with...} methods.
 *
 * @param listen where clients connect (port 0 picks a free port)
 * @param upstream the Kafka broker every client connection is forwarded to
 * @param advertise the address written into Metadata, FindCoordinator and DescribeCluster responses
 *     in place of the broker's, or null for the listen address (its actual port)
 * @param capVersions whether the broker's ApiVersions response is cut down to the versions kwire
 *     decodes, so that clients never pick one the proxy must pass through raw
 * @param log where the JSON line of every message goes, or null for none; called from event-loop
 *     threads, so it must be thread-safe and quick
 * @param redactSecrets whether logged messages hide secrets (on unless asked otherwise)
 * @param check whether each re-encoded frame is compared with the original bytes
 * @param maxFrameBytes largest frame (not counting its 4-byte size) accepted in either direction;
 *     a larger size prefix closes the connection before anything of the frame is buffered
 * @param events where one line per notable event goes (refused frames, decoding failures, check
 *     differences, upstream failures); thread-safe
 * @param bridge whether requests of versions the broker removed (Kafka 4.x, KIP-896) are translated
 *     for old clients ({@code kwire bridge}; see docs/bridge.md): each upstream connection first asks
 *     the broker's ApiVersions, then every request is forwarded, translated or answered by the proxy
 */
public record ProxyConfig(
    InetSocketAddress listen,
    InetSocketAddress upstream,
    InetSocketAddress advertise,
    boolean capVersions,
    Consumer<String> log,
    boolean redactSecrets,
    boolean check,
    int maxFrameBytes,
    Consumer<String> events,
    boolean bridge) {

  public ProxyConfig {
    Objects.requireNonNull(listen, "listen");
    Objects.requireNonNull(upstream, "upstream");
    Objects.requireNonNull(events, "events");
    if (maxFrameBytes < 0) {
      throw new IllegalArgumentException("maxFrameBytes must not be negative: " + maxFrameBytes);
    }
  }

  /** Forwarding from {@code listen} to {@code upstream}: no log, secrets redacted, no check, 100 MiB frames, events to stderr. */
  public static ProxyConfig of(InetSocketAddress listen, InetSocketAddress upstream) {
    return new ProxyConfig(listen, upstream, null, false, null, true, false, DecodeOptions.DEFAULT_MAX_FRAME_SIZE,
        line -> System.err.println(line), false);
  }

  public ProxyConfig withAdvertise(InetSocketAddress address) {
    return new ProxyConfig(listen, upstream, address, capVersions, log, redactSecrets, check, maxFrameBytes, events,
        bridge);
  }

  public ProxyConfig withCapVersions(boolean cap) {
    return new ProxyConfig(listen, upstream, advertise, cap, log, redactSecrets, check, maxFrameBytes, events, bridge);
  }

  public ProxyConfig withLog(Consumer<String> sink) {
    return new ProxyConfig(listen, upstream, advertise, capVersions, sink, redactSecrets, check, maxFrameBytes,
        events, bridge);
  }

  public ProxyConfig withRedactSecrets(boolean redact) {
    return new ProxyConfig(listen, upstream, advertise, capVersions, log, redact, check, maxFrameBytes, events, bridge);
  }

  public ProxyConfig withCheck(boolean compare) {
    return new ProxyConfig(listen, upstream, advertise, capVersions, log, redactSecrets, compare, maxFrameBytes,
        events, bridge);
  }

  public ProxyConfig withMaxFrameBytes(int max) {
    return new ProxyConfig(listen, upstream, advertise, capVersions, log, redactSecrets, check, max, events, bridge);
  }

  /** Bridge mode: old clients' requests of removed versions are translated (see {@link #bridge}). */
  public ProxyConfig withBridge(boolean translate) {
    return new ProxyConfig(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes, events,
        translate);
  }

  public ProxyConfig withEvents(Consumer<String> sink) {
    return new ProxyConfig(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes, sink,
        bridge);
  }
}
