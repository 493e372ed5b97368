package io.kwire.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/**
 * kwire-net's connection limits on a listening command ({@code proxy}, {@code fake}): the idle timeout
 * and the connection cap, each broker's or listener's own. Defaults are kwire-net's.
 */
final class ConnectionLimitOptions {
  @Option(names = "--idle-timeout", paramLabel = "MS",
      description = "Close a client connection without traffic and no request in flight after this many milliseconds,"
          + " as Kafka's connections.max.idle.ms (default: ${DEFAULT-VALUE}).")
  long idleTimeoutMs = Duration.ofMinutes(10).toMillis();

  @Option(names = "--max-connections", paramLabel = "N",
      description = "Close client connections beyond this many (per listening port) as they are accepted"
          + " (default: ${DEFAULT-VALUE}).")
  int maxConnections = 10_000;

  /** The idle timeout, checked. */
  Duration idleTimeout() {
    if (idleTimeoutMs <= 0) {
      throw new UsageException("--idle-timeout must be positive: " + idleTimeoutMs);
    }
    return Duration.ofMillis(idleTimeoutMs);
  }

  /** The connection cap, checked. */
  int maxConnections() {
    if (maxConnections <= 0) {
      throw new UsageException("--max-connections must be positive: " + maxConnections);
    }
    return maxConnections;
  }
}
