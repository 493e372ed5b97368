package io.kwire.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "bridge",
    description = {"Runs the proxy for old clients in front of a Kafka 4.x broker, translating what 4.0 removed.",
        "Requests of the versions Kafka 4.0 removed (KIP-896: Produce v0-2, Fetch v0-3, ListOffsets v0, OffsetCommit "
        + "v0-1, ...) are translated to versions the broker accepts, and their responses back; magic 0/1 message sets become record batches and "
        + "back. Point an old client's bootstrap.servers at the listen address. Runs until Ctrl-C, then prints its "
        + "counters. See docs/bridge.md."})
final class BridgeCommand implements Runnable {
  @Mixin
  CommonOptions common;

  @Mixin
  ProxyOptions options;

  @Mixin
  ConnectionLimitOptions limits = new ConnectionLimitOptions();

  @Override
  public void run() {
    options.run("bridge", common, config -> config.withBridge(true).withIdleTimeout(limits.idleTimeout())
            .withMaxConnections(limits.maxConnections()),
        ", translating the versions it removed");
  }
}
