package io.kwire.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "proxy",
    description = {"Runs a Kafka proxy that decodes and re-encodes every request and response.",
        "The re-encoded bytes are what the other side gets. Point a client's bootstrap.servers at the listen "
            + "address. Runs until Ctrl-C, then prints its counters."})
final class ProxyCommand implements Runnable {
  @Mixin
  CommonOptions common;

  @Mixin
  ProxyOptions options;

  @Option(names = "--cap-versions",
      description = "Cut the broker's ApiVersions response down to the versions kwire decodes.")
  boolean capVersions;

  @Option(names = "--check", description = "Compare each re-encoded frame with the original and report differences.")
  boolean check;

  @Override
  public void run() {
    options.run("proxy", common, config -> config.withCapVersions(capVersions).withCheck(check),
        check ? ", checking every re-encoding" : "");
  }
}
