package io.kwire.proxy;

import io.kwire.runtime.wire.DecodeOptions;
import java.net.InetSocketAddress;
import java.time.Duration;
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
 * @param requestTimeout how long a request forwarded upstream waits for the broker's response
 *     (Kafka's {@code request.timeout.ms}, 30 s); then the client connection is closed after the
 *     responses before it, with an event line
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
    boolean bridge,
    Duration requestTimeout) {

  /** Kafka's {@code request.timeout.ms} default. */
  public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);

  public ProxyConfig {
    Objects.requireNonNull(listen, "listen");
    Objects.requireNonNull(upstream, "upstream");
    Objects.requireNonNull(events, "events");
    if (maxFrameBytes < 0) {
      throw new IllegalArgumentException("maxFrameBytes must not be negative: " + maxFrameBytes);
    }
    Objects.requireNonNull(requestTimeout, "requestTimeout");
    if (requestTimeout.isNegative() || requestTimeout.isZero()) {
      throw new IllegalArgumentException("requestTimeout must be positive: " + requestTimeout);
    }
  }

  /** The components before {@link #requestTimeout}, which is then Kafka's default, 30 s. */
  public ProxyConfig(InetSocketAddress listen, InetSocketAddress upstream, InetSocketAddress advertise,
      boolean capVersions, Consumer<String> log, boolean redactSecrets, boolean check, int maxFrameBytes,
      Consumer<String> events, boolean bridge) {
    this(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes, events, bridge,
        DEFAULT_REQUEST_TIMEOUT);
  }

  /** Forwarding from {@code listen} to {@code upstream}: no log, secrets redacted, no check, 100 MiB frames, events to stderr. */
  public static ProxyConfig of(InetSocketAddress listen, InetSocketAddress upstream) {
    Change defaults = new Change();
    defaults.listen = listen;
    defaults.upstream = upstream;
    return defaults.build();
  }

  public ProxyConfig withAdvertise(InetSocketAddress address) {
    return with(c -> c.advertise = address);
  }

  public ProxyConfig withCapVersions(boolean cap) {
    return with(c -> c.capVersions = cap);
  }

  public ProxyConfig withLog(Consumer<String> sink) {
    return with(c -> c.log = sink);
  }

  public ProxyConfig withRedactSecrets(boolean redact) {
    return with(c -> c.redactSecrets = redact);
  }

  public ProxyConfig withCheck(boolean compare) {
    return with(c -> c.check = compare);
  }

  public ProxyConfig withMaxFrameBytes(int max) {
    return with(c -> c.maxFrameBytes = max);
  }

  /** Bridge mode: old clients' requests of removed versions are translated (see {@link #bridge}). */
  public ProxyConfig withBridge(boolean translate) {
    return with(c -> c.bridge = translate);
  }

  /** How long a forwarded request waits for the broker (see {@link #requestTimeout}). */
  public ProxyConfig withRequestTimeout(Duration timeout) {
    return with(c -> c.requestTimeout = timeout);
  }

  public ProxyConfig withEvents(Consumer<String> sink) {
    return with(c -> c.events = sink);
  }

  private ProxyConfig with(Consumer<Change> change) {
    Change copy = new Change(this);
    change.accept(copy);
    return copy.build();
  }

  /** The components, mutable: each {@code with...} changes one; the defaults are {@link #of}'s. */
  private static final class Change {
    InetSocketAddress listen;
    InetSocketAddress upstream;
    InetSocketAddress advertise;
    boolean capVersions;
    Consumer<String> log;
    boolean redactSecrets = true;
    boolean check;
    int maxFrameBytes = DecodeOptions.DEFAULT_MAX_FRAME_SIZE;
    Consumer<String> events = line -> System.err.println(line);
    boolean bridge;
    Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;

    Change() {}

    Change(ProxyConfig config) {
      listen = config.listen;
      upstream = config.upstream;
      advertise = config.advertise;
      capVersions = config.capVersions;
      log = config.log;
      redactSecrets = config.redactSecrets;
      check = config.check;
      maxFrameBytes = config.maxFrameBytes;
      events = config.events;
      bridge = config.bridge;
      requestTimeout = config.requestTimeout;
    }

    ProxyConfig build() {
      return new ProxyConfig(listen, upstream, advertise, capVersions, log, redactSecrets, check, maxFrameBytes,
          events, bridge, requestTimeout);
    }
  }
}
